import { ComingSoonPage } from './coming-soon-page.tsx';

/** Exposed as `./ClaimPrizePage`. */
export default function ClaimPrizePage() {
  return <ComingSoonPage title="Claim your prize" intro="Congratulations! Tell us where to send your prize." />;
}
