import { Link } from 'react-router-dom';
import { PageFrame } from './page-frame.tsx';

/** What /cart and /checkout show when the basket holds nothing. */
export function EmptyBasket({ title }: { title: string }) {
  return (
    <PageFrame title={title}>
      <div className="cc-card cc-empty">
        <p>Your basket is empty.</p>
        <Link to="/" className="cc-btn">
          Find a competition
        </Link>
      </div>
    </PageFrame>
  );
}
