import { ComingSoonPage } from './coming-soon-page.tsx';

/** Exposed as `./CartPage`. */
export default function CartPage() {
  return <ComingSoonPage title="Basket" intro="Your tickets, ready to check out." />;
}
