import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { emit, on, type EventPayload } from '@cgg/contracts';
import '../styles/account.css';

type Session = EventPayload<'account:session-changed'>;

const signedOut: Session = { signedIn: false, user: null };

/**
 * The header's account widget (exposed as `./AccountMenu`): a Login link when
 * signed out; the first name, My account and Sign out when signed in. It follows
 * `account:session-changed`; a bad payload is dropped by the contracts' `on`.
 */
export default function AccountMenu() {
  const [session, setSession] = useState<Session>(signedOut);
  useEffect(() => on('account:session-changed', setSession), []);

  if (!session.signedIn || !session.user) {
    return (
      <div className="acc-menu" data-boundary="account">
        <Link to="/auth/login" className="acc-menu__link">
          Login
        </Link>
      </div>
    );
  }
  return (
    <div className="acc-menu" data-boundary="account">
      <span className="acc-menu__name">Hi, {session.user.firstName}</span>
      <Link to="/account" className="acc-menu__link">
        My account
      </Link>
      <button
        type="button"
        className="acc-menu__button"
        // Ending the server session comes with the accounts issue; for now the site
        // is told the visitor is signed out.
        onClick={() => emit('account:session-changed', signedOut)}
      >
        Sign out
      </button>
    </div>
  );
}
