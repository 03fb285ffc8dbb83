import type { StaffRole } from '@cgg/contracts/staff';
import { Link, useLocation } from 'react-router-dom';
import { roleNames } from '../staff/role-names.ts';
import { ADMIN_BASE, sectionOf } from './sections.ts';

/**
 * A back-office address the member cannot open: a screen of another role, or none at all. Said
 * in words (a bookmark or a colleague's link should not silently land on the dashboard).
 */
export function NoSuchScreen({ role }: { role: StaffRole }) {
  const first = useLocation().pathname.slice(ADMIN_BASE.length).split('/').find(Boolean);
  const other = sectionOf(first);
  return (
    <section aria-labelledby="bo-no-such-screen">
      <h1 id="bo-no-such-screen" className="bo-title">
        {other ? `${other.label} is not one of your screens` : 'There is no such screen'}
      </h1>
      <p className="bo-notice">
        {other
          ? `${other.label} is for ${other.roles.map((r) => roleNames[r]).join(', ')}; you are signed in as ${roleNames[role]}. Ask an admin if you need it.`
          : 'Nothing in the back office is at this address. Check the link, or choose a screen above.'}
      </p>
      <p>
        <Link to={ADMIN_BASE}>Go to the dashboard</Link>
      </p>
    </section>
  );
}
