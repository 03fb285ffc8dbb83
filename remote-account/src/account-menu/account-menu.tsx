import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useSession } from '../session/use-session.ts';
import { signOut } from '../session/session.ts';
import { accountSections } from '../account/account-sections.ts';
import './account-menu.css';

/**
 * The header's account widget (exposed as `./AccountMenu`). Mounting it starts the
 * page's one startup auth check. Signed out: Login and Sign up; signed in: the first
 * name opening the account links and Sign out. Kept free of the account screens, so
 * the header downloads only this.
 */
export default function AccountMenu() {
  const { user, isAuthenticating } = useSession();
  const { pathname } = useLocation();
  const details = useRef<HTMLDetailsElement>(null);

  // A followed link closes the menu.
  useEffect(() => {
    if (details.current) details.current.open = false;
  }, [pathname]);

  if (!user) {
    return (
      <div className="acc-menu" data-boundary="account" aria-busy={isAuthenticating || undefined}>
        <Link to="/auth/login" className="acc-menu__link">
          Login
        </Link>
        <Link to="/auth/register" className="acc-menu__link acc-menu__link--accent">
          Sign up
        </Link>
      </div>
    );
  }
  return (
    <div className="acc-menu" data-boundary="account">
      <details ref={details} className="acc-menu__details">
        <summary className="acc-menu__link" title={user.first_name}>
          <span className="acc-menu__name">{user.first_name}</span>
        </summary>
        <ul className="acc-menu__list" aria-label="My account">
          <li>
            <Link to="/account">My account</Link>
          </li>
          {accountSections.map((s) => (
            <li key={s.path}>
              <Link to={`/account/${s.path}`}>{s.label}</Link>
            </li>
          ))}
          <li>
            <button
              type="button"
              className="acc-menu__signout"
              // On an account page its guard then takes the visitor home.
              onClick={() => void signOut()}
            >
              Sign out
            </button>
          </li>
        </ul>
      </details>
    </div>
  );
}
