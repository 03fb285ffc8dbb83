import { useState } from 'react';
import { apiRequest } from '@cgg/contracts';
import { STAFF_LIST_CAPS, staffCalls, type StaffCoupon, type StaffMember } from '@cgg/contracts/staff';
import { Link } from 'react-router-dom';
import { staffRequest } from '../api/staff-api.ts';
import { useStaffData } from '../api/use-staff-data.ts';
import { CappedNote } from '../components/capped-note.tsx';
import { focusOnShow } from '../components/focus-on-show.ts';
import { FormAlert } from '../components/form-alert.tsx';
import { inLondon } from '../components/london-time.ts';
import { Spinner } from '../components/spinner.tsx';
import { ADMIN_BASE } from '../layout/sections.ts';
import { CouponForm } from './coupon-form.tsx';

const discountOf = (c: StaffCoupon): string => (c.amount !== null ? `£${c.amount} off` : `${c.percent}% off`);

/** How a coupon stands: a customer's own is used once; a site-wide one counts its orders. */
function usageOf(c: StaffCoupon): string {
  if (c.customer_id !== null) return c.used_at ? `Used ${inLondon(c.used_at)}` : 'Not used yet';
  return c.orders === 1 ? '1 order' : `${c.orders} orders`;
}

/**
 * Admins and operators: coupons, newest first, and issuing one (the same function as the CLI's
 * `coupon-create`; each is in the audit log).
 */
export function CouponsScreen({ staff }: { staff: StaffMember }) {
  // Customers' pages are for admins and support: an operator sees a customer's coupon by number only.
  const seesCustomers = staff.role !== 'operator';
  const { loaded } = useStaffData('coupons', () => staffRequest((o) => apiRequest(staffCalls.staffCoupons, {}, o)).then((a) => a.data));
  const [issued, setIssued] = useState<StaffCoupon[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  const shown = loaded.state === 'loaded' ? [...issued, ...loaded.data.filter((c) => !issued.some((i) => i.id === c.id))] : [];
  return (
    <section aria-labelledby="bo-coupons-title">
      <h1 id="bo-coupons-title" className="bo-title">
        Coupons
      </h1>
      {notice && (
        <p key={notice} className="bo-success" role="status" tabIndex={-1} ref={focusOnShow}>
          {notice}
        </p>
      )}
      <CouponForm
        onStart={() => setNotice(null)}
        onCreated={(c) => {
          setIssued((all) => [c, ...all]);
          setNotice(`Issued ${c.code}: ${discountOf(c)}${c.customer_id !== null ? ` for ${c.customer_email ?? `customer #${c.customer_id}`}, once` : ' for everyone'}${c.expires_at ? `, until ${inLondon(c.expires_at)}` : ''}.`);
        }}
      />
      {loaded.state === 'loading' && <Spinner label="Loading the coupons…" />}
      {loaded.state === 'failed' && <FormAlert message={loaded.message} />}
      {loaded.state === 'loaded' && shown.length === 0 && <p className="bo-muted">No coupons yet.</p>}
      {shown.length > 0 && (
        <div className="bo-table-wrap">
          <table className="bo-table">
            <caption className="bo-visually-hidden">Coupons</caption>
            <thead>
              <tr>
                <th scope="col">Code</th>
                <th scope="col">Discount</th>
                <th scope="col">For</th>
                <th scope="col">Until</th>
                <th scope="col">Use</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((c) => (
                <tr key={c.id}>
                  <td>
                    <code>{c.code}</code>
                    <br />
                    <span className="bo-muted">{c.description}</span>
                  </td>
                  <td>{discountOf(c)}</td>
                  <td>
                    {c.customer_id === null ? (
                      'Everyone'
                    ) : seesCustomers ? (
                      <Link to={`${ADMIN_BASE}/customers/${c.customer_id}`}>{c.customer_email ?? `customer #${c.customer_id}`}</Link>
                    ) : (
                      `customer #${c.customer_id}`
                    )}
                  </td>
                  <td>{c.expires_at ? inLondon(c.expires_at) : 'No end'}</td>
                  <td>{usageOf(c)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {loaded.state === 'loaded' && (
        <CappedNote shown={loaded.data.length} cap={STAFF_LIST_CAPS.coupons}>
          Only the newest {STAFF_LIST_CAPS.coupons} coupons are shown.
        </CappedNote>
      )}
    </section>
  );
}
