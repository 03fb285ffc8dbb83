import type { StaffMember } from '@cgg/contracts/staff';
import { Link } from 'react-router-dom';
import { sectionHref, sectionsFor } from '../layout/sections.ts';

/** Where a member lands: what their role lets them do here. */
export function HomeScreen({ staff }: { staff: StaffMember }) {
  const allowed = sectionsFor(staff.role);
  return (
    <section aria-labelledby="bo-home-title">
      <h1 id="bo-home-title" className="bo-title">
        Welcome, {staff.name}
      </h1>
      <ul className="bo-cards">
        {allowed.map((s) => (
          <li key={s.path} className="bo-card">
            <h2 className="bo-card__title">
              <Link to={sectionHref(s)}>{s.label}</Link>
            </h2>
            <p>{s.summary}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
