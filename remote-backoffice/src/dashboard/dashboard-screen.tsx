import { useMemo } from 'react';
import { apiRequest } from '@cgg/contracts';
import { staffCalls, type StaffDashboard, type StaffMember } from '@cgg/contracts/staff';
import { Link } from 'react-router-dom';
import { staffRequest } from '../api/staff-api.ts';
import { useStaffData } from '../api/use-staff-data.ts';
import { FormAlert } from '../components/form-alert.tsx';
import { inLondon } from '../components/london-time.ts';
import { Spinner } from '../components/spinner.tsx';
import { ADMIN_BASE } from '../layout/sections.ts';
import { BarChart } from './bar-chart.tsx';
import { FlaggedCustomers } from './flagged-customers.tsx';

const dayLabel = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', weekday: 'short', day: 'numeric', month: 'short' });

function Figures({ title, sales }: { title: string; sales: StaffDashboard['today'] }) {
  return (
    <section className="bo-card" aria-label={title}>
      <h2 className="bo-card__title">{title}</h2>
      <dl className="bo-facts">
        <div>
          <dt>Sales</dt>
          <dd>£{sales.revenue}</dd>
        </div>
        <div>
          <dt>Orders</dt>
          <dd>{sales.orders}</dd>
        </div>
        <div>
          <dt>Paid tickets</dt>
          <dd>{sales.paid_tickets}</dd>
        </div>
        <div>
          <dt>Free postal entries</dt>
          <dd>{sales.postal_entries}</dd>
        </div>
      </dl>
    </section>
  );
}

function Charts({ d }: { d: StaffDashboard }) {
  // Stable arrays, so the charts are drawn once per answer, not on every render.
  const days = useMemo(() => d.daily.map((x) => dayLabel.format(new Date(`${x.day}T00:00:00Z`))), [d]);
  const tickets = useMemo(
    () => [
      { label: 'Paid tickets', values: d.daily.map((x) => x.paid_tickets), colour: '#ffc83d' },
      { label: 'Free postal entries', values: d.daily.map((x) => x.postal_entries), colour: '#22c55e' },
    ],
    [d],
  );
  const revenue = useMemo(() => [{ label: 'Sales (£)', values: d.by_competition.map((x) => Number(x.revenue)), colour: '#60a5fa' }], [d]);
  const titles = useMemo(() => d.by_competition.map((x) => x.title), [d]);
  return (
    <div className="bo-charts">
      <BarChart title="Tickets, last 14 days" labels={days} series={tickets} />
      {d.by_competition.length > 0 && <BarChart title="Sales per competition this week" labels={titles} series={revenue} format={(n) => `£${n.toFixed(2)}`} />}
    </div>
  );
}

/** Where a member lands: today's and this week's sales, the last two weeks, competitions closing soon, claims waiting and customers to look at. */
export function DashboardScreen({ staff }: { staff: StaffMember }) {
  const { loaded } = useStaffData('dashboard', () => staffRequest((o) => apiRequest(staffCalls.staffDashboard, {}, o)));
  return (
    <section aria-labelledby="bo-home-title">
      <h1 id="bo-home-title" className="bo-title">
        Welcome, {staff.name}
      </h1>
      {loaded.state === 'loading' && <Spinner label="Loading the dashboard…" />}
      {loaded.state === 'failed' && <FormAlert message={loaded.message} />}
      {loaded.state === 'loaded' && (
        <>
          <div className="bo-cards">
            <Figures title="Today" sales={loaded.data.data.today} />
            <Figures title="This week" sales={loaded.data.data.this_week} />
            <section className="bo-card" aria-label="Claims waiting">
              <h2 className="bo-card__title">Claims waiting</h2>
              <p className="bo-big-number">{loaded.data.data.open_claims}</p>
              {(staff.role === 'admin' || staff.role === 'operator') && <Link to={`${ADMIN_BASE}/fulfilment`}>Fulfilment</Link>}
            </section>
          </div>
          <Charts d={loaded.data.data} />
          <section className="bo-card" aria-labelledby="bo-closing-title">
            <h2 id="bo-closing-title" className="bo-card__title">
              Closing in the next 3 days
            </h2>
            {loaded.data.data.closing_soon.length === 0 ? (
              <p className="bo-muted">None.</p>
            ) : (
              <ul className="bo-results">
                {loaded.data.data.closing_soon.map((c) => (
                  <li key={c.competition_id}>
                    <Link to={`${ADMIN_BASE}/competitions/${c.competition_id}`}>{c.title}</Link>{' '}
                    <span className="bo-muted">
                      closes {inLondon(c.closing_at)}, {c.sold} of {c.total} sold
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </section>
          <FlaggedCustomers customers={loaded.data.data.flagged_customers} role={staff.role} />
        </>
      )}
    </section>
  );
}
