import { loadCart } from '../cart/cart-actions.ts';
import { PageFrame } from './page-frame.tsx';

/**
 * The basket or checkout page when the basket could not be loaded (the shop's database
 * restarting answers 503 with its own message): say so and offer another try, rather
 * than a spinner that never ends.
 */
export function BasketUnavailable({ title, message, retrying }: { title: string; message: string; retrying: boolean }) {
  return (
    <PageFrame title={title}>
      <div className="cc-card cc-empty" role="alert">
        <p>{message}</p>
        <button type="button" className="cc-btn" disabled={retrying} aria-busy={retrying} onClick={() => void loadCart()}>
          Try again
        </button>
      </div>
    </PageFrame>
  );
}
