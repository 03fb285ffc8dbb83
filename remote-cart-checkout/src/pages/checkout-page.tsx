import { CheckoutView } from '../checkout/checkout-view.tsx';

/** Exposed as `./CheckoutPage`. */
export default function CheckoutPage() {
  return <CheckoutView />;
}
