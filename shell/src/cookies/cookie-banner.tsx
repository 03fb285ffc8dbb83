import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useHydrating } from '../app/use-hydrating.ts';
import { hasConsent, rememberConsent } from './consent-cookie.ts';
import { COOKIE_BANNER_HEIGHT, publishHeightAs } from './publish-height.ts';

export const COOKIE_BANNER_TEXT =
  'We use cookies to ensure that we give you the best experience on our app & website. If you continue we will assume you accept our updated Policy.';

// Made once: a new ref callback on each render would detach and attach again.
const publishBannerHeight = publishHeightAs(COOKIE_BANNER_HEIGHT);

/**
 * Fixed at the bottom until the shopper presses OK (spec section 2, "Global elements").
 * The server's HTML, the same for everyone, always has it, so it never appears late over what a
 * visitor is tapping; whether it shows there is the page head's to say (cookie-notice.mjs). Once
 * the browser has hydrated the page, this visitor's cookie decides.
 */
export function CookieBanner() {
  const hydrating = useHydrating();
  const [accepted, setAccepted] = useState(false);
  const navigate = useNavigate();
  if (accepted || (!hydrating && hasConsent())) return null;
  return (
    <section className="sh-cookie" aria-label="Cookie notice" ref={publishBannerHeight}>
      <p className="sh-cookie__text">{COOKIE_BANNER_TEXT}</p>
      <div className="sh-cookie__actions">
        <button
          type="button"
          className="sh-button"
          onClick={(event) => {
            // When the banner holds the focus (OK pressed from the keyboard), it goes with the banner: the
            // focus moves to the main content rather than to the page's start. Elsewhere (a field being
            // typed in; an early tap done again once the app started), it stays where it is.
            const heldFocus = event.currentTarget.closest('section')?.contains(document.activeElement) === true;
            rememberConsent();
            setAccepted(true);
            if (heldFocus) document.getElementById('sh-main')?.focus({ preventScroll: true });
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
