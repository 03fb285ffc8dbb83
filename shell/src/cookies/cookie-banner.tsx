import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { hasConsent, rememberConsent } from './consent-cookie.ts';

export const COOKIE_BANNER_TEXT =
  'We use cookies to ensure that we give you the best experience on our app & website. If you continue we will assume you accept our updated Policy.';

/** Fixed at the bottom until the shopper presses OK (spec section 2, "Global elements"). */
export function CookieBanner() {
  const [visible, setVisible] = useState(() => !hasConsent());
  const navigate = useNavigate();
  if (!visible) return null;
  return (
    <section className="sh-cookie" aria-label="Cookie notice">
      <p className="sh-cookie__text">{COOKIE_BANNER_TEXT}</p>
      <div className="sh-cookie__actions">
        <button
          type="button"
          className="sh-button"
          onClick={() => {
            rememberConsent();
            setVisible(false);
          }}
        >
          OK
        </button>
        <button type="button" className="sh-button sh-button--ghost" onClick={() => navigate('/legal-terms?tab=3')}>
          Privacy Policy
        </button>
      </div>
    </section>
  );
}
