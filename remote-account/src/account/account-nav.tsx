import { NavLink } from 'react-router-dom';
import { accountSections } from './account-sections.ts';

export function AccountNav() {
  return (
    <nav className="acc-nav" aria-label="My account">
      <ul className="acc-nav__list">
        <li>
          <NavLink to="/account" end>
            Overview
          </NavLink>
        </li>
        {accountSections.map((s) => (
          <li key={s.path}>
            <NavLink to={`/account/${s.path}`}>{s.label}</NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
