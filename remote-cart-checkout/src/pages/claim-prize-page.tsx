import { ClaimPrizeView } from '../claim/claim-prize-view.tsx';

/** Exposed as `./ClaimPrizePage`: `/claim/prize`. */
export default function ClaimPrizePage() {
  return <ClaimPrizeView />;
}
