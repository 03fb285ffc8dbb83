import type { FlaggedCustomer, StaffRole } from '@cgg/contracts/staff';
import { Link } from 'react-router-dom';
import { inLondon } from '../components/london-time.ts';
import { ADMIN_BASE, sectionsFor } from '../layout/sections.ts';

/**
 * Customers whose play needs a human look, with why: the open review flags. Every role sees the
 * list (an operator may pass it on); names link to the customer's page, and the heading to the
 * review queue, only for roles that can open them.
 */
export function FlaggedCustomers({ customers, role }: { customers: FlaggedCustomer[]; role: StaffRole }) {
  const canOpen = sectionsFor(role).some((s) => s.path === 'customers');
  const canReview = sectionsFor(role).some((s) => s.path === 'reviews');
  return (
    <section className="bo-card" aria-labelledby="bo-flagged-title">
      <h2 id="bo-flagged-title" className="bo-card__title">
        Customers to look at
      </h2>
      {canReview && customers.length > 0 && (
        <p>
          <Link to={`${ADMIN_BASE}/reviews`}>Review them and record what was done</Link>
        </p>
      )}
      {customers.length === 0 ? (
        <p className="bo-muted">None.</p>
      ) : (
        <ul className="bo-results">
          {customers.map((c) => (
            <li key={c.customer_id}>
              {canOpen ? <Link to={`${ADMIN_BASE}/customers/${c.customer_id}`}>{c.name}</Link> : <strong>{c.name}</strong>}{' '}
              <span className="bo-muted">#{c.customer_id} · {inLondon(c.flagged_at)}</span>
              <ul>
                {c.reasons.map((r) => (
                  <li key={r.code}>{r.text}</li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
