import { Link, Route, Routes } from 'react-router-dom';
import { ComingSoonPage } from './coming-soon-page.tsx';

/** The account area's sections (spec section 2, "Account area"); each gets its screen later. */
const sections = [
  { path: 'details', label: 'Account details' },
  { path: 'billing', label: 'Billing details' },
  { path: 'financial-details', label: 'Financial details' },
  { path: 'recent/orders', label: 'Orders' },
  { path: 'points', label: 'Points' },
  { path: 'cred', label: 'Site credit' },
  { path: 'coupons', label: 'Coupons' },
  { path: 'responsible/gaming', label: 'Responsible gaming' },
] as const;

function AccountNav() {
  return (
    <nav className="acc-nav" aria-label="My account">
      <ul className="acc-nav__list">
        <li>
          <Link to="/account">Overview</Link>
        </li>
        {sections.map((s) => (
          <li key={s.path}>
            <Link to={`/account/${s.path}`}>{s.label}</Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * Exposed as `./AccountPage`: the shell mounts it at /account/* and this remote
 * routes the children itself, so the account team adds screens without touching
 * the shell's route table.
 */
export default function AccountPage() {
  return (
    <Routes>
      <Route
        index
        element={
          <ComingSoonPage title="My account" intro="Your tickets, orders, points and details in one place.">
            <AccountNav />
          </ComingSoonPage>
        }
      />
      {sections.map((s) => (
        <Route
          key={s.path}
          path={s.path}
          element={
            <ComingSoonPage title={s.label} intro="Part of your account.">
              <AccountNav />
            </ComingSoonPage>
          }
        />
      ))}
      <Route
        path="recent/orders/order-detail/:orderId"
        element={
          <ComingSoonPage title="Order details" intro="The tickets and totals of one order.">
            <AccountNav />
          </ComingSoonPage>
        }
      />
      <Route
        path="*"
        element={
          <ComingSoonPage title="My account" intro="That page of your account does not exist.">
            <AccountNav />
          </ComingSoonPage>
        }
      />
    </Routes>
  );
}
