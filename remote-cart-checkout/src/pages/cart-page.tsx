import { CartPageView } from '../cart-page/cart-page-view.tsx';

/** Exposed as `./CartPage`. */
export default function CartPage() {
  return <CartPageView />;
}
