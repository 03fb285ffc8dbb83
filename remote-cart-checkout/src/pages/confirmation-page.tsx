import { ComingSoonPage } from './coming-soon-page.tsx';

/** Exposed as `./ConfirmationPage`. */
export default function ConfirmationPage() {
  return <ComingSoonPage title="Order confirmation" intro="Thank you for your order. Your ticket numbers appear here." />;
}
