import { Link } from 'react-router-dom';
import { legalLinks, siteLinks } from './site-links.ts';

export function SiteFooter() {
  return (
    <footer className="sh-footer">
      <div className="sh-footer__inner">
        <nav aria-label="Footer">
          <h2 className="sh-footer__heading">Explore</h2>
          <ul className="sh-footer__links">
            {siteLinks.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label="Legal">
          <h2 className="sh-footer__heading">Legal</h2>
          <ul className="sh-footer__links">
            {legalLinks.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="sh-footer__note">
          <p>
            <strong className="sh-badge" aria-label="Over 18s only">18+</strong> You must be 18 or over and a UK resident to
            enter. Please play responsibly and only spend what you can afford: see{' '}
            <Link to="/responsible-play">our responsible play measures and where to get support</Link>.
          </p>
          <p>Every competition has a free postal entry route. No purchase necessary.</p>
          <p className="sh-footer__company">
            © {new Date().getFullYear()} CGG Competitions Ltd. Registered in England and Wales.
          </p>
        </div>
      </div>
    </footer>
  );
}
