import { useState } from 'react';
import { apiRequest } from '@cgg/contracts';
import { staffCalls, type StaffCustomer } from '@cgg/contracts/staff';
import { Link, useParams } from 'react-router-dom';
import { staffRequest } from '../api/staff-api.ts';
import { useStaffData } from '../api/use-staff-data.ts';
import { FormAlert } from '../components/form-alert.tsx';
import { inLondon } from '../components/london-time.ts';
import { orderStatusName } from '../components/order-status-name.ts';
import { Spinner } from '../components/spinner.tsx';

/** Paid orders, as the API refunds them: 'completed', and 'processing' (paid, brought over from WooCommerce). */
const PAID = new Set(['completed', 'processing']);
import { ADMIN_BASE } from '../layout/sections.ts';
import { AdjustForm } from './adjust-form.tsx';
import { BreakForm } from './break-form.tsx';
import { NoteForm } from './note-form.tsx';

function breakText(c: StaffCustomer): string {
  const since = c.lock_started_at ? ` (since ${inLondon(c.lock_started_at)})` : '';
  if (c.lock_permanent) return `Closed permanently${since}`;
  if (c.locked_until && new Date(c.locked_until) > new Date()) return `On a break until ${inLondon(c.locked_until)}${since}`;
  return 'None';
}

/** Everything support needs about one customer, with notes and balance adjustments. */
export function CustomerScreen() {
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const { loaded } = useStaffData(`customer ${id}`, () => (valid ? staffRequest((o) => apiRequest(staffCalls.staffCustomer, { id }, o)).then((a) => a.data) : Promise.resolve(null)));
  const [changed, setChanged] = useState<StaffCustomer | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const back = <Link to={`${ADMIN_BASE}/customers`}>Find another customer</Link>;

  if (loaded.state === 'loading') return <Spinner label="Loading the customer…" />;
  if (loaded.state === 'failed') return <FormAlert message={loaded.message} />;
  const c = changed ?? loaded.data;
  if (!c) {
    return (
      <section>
        <h1 className="bo-title">Customer not found</h1>
        <p>{back}</p>
      </section>
    );
  }
  return (
    <section aria-labelledby="bo-customer-title">
      <p>{back}</p>
      <h1 id="bo-customer-title" className="bo-title">
        {c.name || c.email} <span className="bo-muted">#{c.id}</span>
      </h1>
      {notice && (
        <p className="bo-success" role="status">
          {notice}
        </p>
      )}
      <dl className="bo-facts">
        {(
          [
            ['Email', c.email],
            ['Phone', c.phone || '–'],
            ['Town', c.town || '–'],
            ['Joined', inLondon(c.created_at)],
            ['Points', String(c.points)],
            ['Site credit', `£${c.credit}`],
            ['Spend limit', c.limit ?? 'None'],
            ['Limit change waiting', c.pending_limit ?? 'None'],
            ['Break', breakText(c)],
          ] as const
        ).map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>

      <section className="bo-card" aria-labelledby="bo-customer-orders">
        <h2 id="bo-customer-orders" className="bo-card__title">
          Orders (latest 20)
        </h2>
        {c.orders.length === 0 ? (
          <p className="bo-muted">No orders.</p>
        ) : (
          <div className="bo-table-wrap">
            <table className="bo-table">
              <thead>
                <tr>
                  <th scope="col">Order</th>
                  <th scope="col">Placed</th>
                  <th scope="col">Status</th>
                  <th scope="col">Tickets</th>
                  <th scope="col">Total</th>
                  <th scope="col">
                    <span className="bo-visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {c.orders.map((o) => (
                  <tr key={o.id}>
                    <td>#{o.id}</td>
                    <td>{inLondon(o.created_at)}</td>
                    <td>{orderStatusName(o.status)}</td>
                    <td>{o.tickets}</td>
                    <td>
                      £{o.total}
                      {/* What a part refund took is said beside the total, so the refund screen's "at most" is no surprise. */}
                      {o.refunded && o.refunded !== '0.00' && <span className="bo-muted"> (£{o.refunded} refunded)</span>}
                    </td>
                    <td>
                      {/* Support on the phone goes from the customer's order to its refund; the refund screen checks the rest. */}
                      {PAID.has(o.status) && <Link to={`${ADMIN_BASE}/refunds?order=${o.id}`}>Refund #{o.id}</Link>}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <section className="bo-card" aria-labelledby="bo-customer-wins">
        <h2 id="bo-customer-wins" className="bo-card__title">
          Wins and claims
        </h2>
        {c.wins.length === 0 ? (
          <p className="bo-muted">No wins.</p>
        ) : (
          <ul>
            {c.wins.map((w) => (
              <li key={`${w.kind}-${w.competition_id}-${w.ticket_number}`}>
                {w.prize_title} ({w.kind} win, competition #{w.competition_id}, ticket {w.ticket_number}, {inLondon(w.won_at)})
              </li>
            ))}
          </ul>
        )}
        {c.claims.length > 0 && (
          <ul aria-label="Claims">
            {c.claims.map((k) => (
              <li key={k.id}>
                Claim #{k.id}: {k.prize_title} as {k.choice}, {k.state}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="bo-card" aria-labelledby="bo-customer-break">
        <h2 id="bo-customer-break" className="bo-card__title">
          Break or closure
        </h2>
        <p className="bo-muted">Starts at once: the customer cannot buy until it ends. It can make a break longer, never shorter.</p>
        <BreakForm
          customerId={c.id}
          onSaved={(next, message) => {
            setChanged(next);
            setNotice(message);
          }}
        />
      </section>

      <section className="bo-card" aria-labelledby="bo-customer-adjust">
        <h2 id="bo-customer-adjust" className="bo-card__title">
          Points and credit
        </h2>
        <AdjustForm
          customerId={c.id}
          onSaved={(next, message) => {
            setChanged(next);
            setNotice(message);
          }}
        />
      </section>

      <section className="bo-card" aria-labelledby="bo-customer-notes">
        <h2 id="bo-customer-notes" className="bo-card__title">
          Notes
        </h2>
        <NoteForm
          customerId={c.id}
          onSaved={(next) => {
            setChanged(next);
            setNotice('Note added.');
          }}
        />
        {c.notes.length === 0 ? (
          <p className="bo-muted">No notes yet.</p>
        ) : (
          <ul className="bo-notes" aria-label="Notes">
            {c.notes.map((n) => (
              <li key={n.id}>
                <p className="bo-notes__text">{n.text}</p>
                <p className="bo-muted">
                  {n.author}, {inLondon(n.created_at)}
                </p>
              </li>
            ))}
          </ul>
        )}
      </section>
    </section>
  );
}
