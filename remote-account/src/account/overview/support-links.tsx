import { Link } from 'react-router-dom';

/**
 * Where to find help (UK prize-draw code 1.8), shown on the account page while our team is
 * reviewing the customer's play (`show_support_links`). Free, independent organisations first,
 * then what the customer can do here themselves.
 */
export function SupportLinks() {
  return (
    <section className="acc-card" aria-labelledby="acc-support-links">
      <h2 id="acc-support-links" className="acc-card__title">
        Support if you need it
      </h2>
      <p>If entering competitions has stopped being fun, or you are spending more than you meant to, free and confidential help is available:</p>
      <ul>
        <li>
          <a href="https://www.gamcare.org.uk" target="_blank" rel="noreferrer">
            GamCare
          </a>{' '}
          – the National Gambling Helpline, 0808 8020 133, open 24 hours a day
        </li>
        <li>
          <a href="https://www.begambleaware.org" target="_blank" rel="noreferrer">
            BeGambleAware
          </a>{' '}
          – advice, tools and local support
        </li>
      </ul>
      <p>
        You can also set a spending limit or take a break from your account at any time: <Link to="/account/responsible/gaming">Responsible gaming</Link>.
      </p>
    </section>
  );
}
