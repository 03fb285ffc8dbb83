import { Link } from 'react-router-dom';
import { PageFrame } from '../components/page-frame.tsx';

/** Exposed as `./ClaimPrizePage`: a real page until the claim flow (issue 5) lands. */
export default function ClaimPrizePage() {
  return (
    <PageFrame title="Claim your prize" intro="Congratulations on your win!">
      <div className="cc-card" role="note">
        <h2 className="cc-card__title">Claims open in the next release</h2>
        <p>Your instant win is recorded against your order and is safe. You will be able to claim it here very soon.</p>
        <Link to="/account/recent/orders" className="cc-btn">
          See my orders
        </Link>
      </div>
    </PageFrame>
  );
}
