import { ConfirmationView } from '../confirmation/confirmation-view.tsx';

/** Exposed as `./ConfirmationPage`. */
export default function ConfirmationPage() {
  return <ConfirmationView />;
}
