import { ComingSoonPage } from './coming-soon-page.tsx';

/** Exposed as `./CheckoutPage`. */
export default function CheckoutPage() {
  return <ComingSoonPage title="Checkout" intro="Your details and payment, then you are in the draw." />;
}
