import type { ReactNode } from 'react';
import { apiRequest } from '@cgg/contracts';
import { staffCalls, type StaffMember } from '@cgg/contracts/staff';
import { NavLink, Route, Routes, useLocation } from 'react-router-dom';
import { staffRequest } from '../api/staff-api.ts';
import { AuditLogScreen } from '../audit/audit-log-screen.tsx';
import { ChatModerationScreen } from '../chat/chat-moderation-screen.tsx';
import { CompetitionsArea } from '../competitions/competitions-area.tsx';
import { ComplaintsArea } from '../complaints/complaints-area.tsx';
import { CouponsScreen } from '../coupons/coupons-screen.tsx';
import { ContentScreen } from '../content/content-screen.tsx';
import { CustomersArea } from '../customers/customers-area.tsx';
import { FulfilmentScreen } from '../fulfilment/fulfilment-screen.tsx';
import { DeadJobsScreen } from '../jobs/dead-jobs-screen.tsx';
import { DashboardScreen } from '../dashboard/dashboard-screen.tsx';
import { ChangePasswordScreen } from '../password/change-password-screen.tsx';
import { PaymentProblemsScreen } from '../payments/payment-problems-screen.tsx';
import { RefundScreen } from '../refunds/refund-screen.tsx';
import { ReviewsScreen } from '../reviews/reviews-screen.tsx';
import { staffSession } from '../session/staff-session.ts';
import { roleNames } from '../staff/role-names.ts';
import { StaffScreen } from '../staff/staff-screen.tsx';
import { NoSuchScreen } from './no-such-screen.tsx';
import { ADMIN_BASE, sectionHref, sectionOf, sectionsFor, type Section, type SectionPath } from './sections.ts';
import { useBackOfficeTitle } from './use-back-office-title.ts';

async function signOut() {
  // Ended on the server too, so the token is useless if it was copied; signed out here whatever it answers.
  await staffRequest((o) => apiRequest(staffCalls.staffLogout, {}, o)).catch(() => {});
  staffSession.signedOut('You have signed out of the back office.');
}

const screens: Record<SectionPath, (props: { staff: StaffMember }) => ReactNode> = {
  competitions: CompetitionsArea, fulfilment: FulfilmentScreen, coupons: CouponsScreen, customers: CustomersArea, reviews: ReviewsScreen, content: ContentScreen, refunds: RefundScreen, complaints: ComplaintsArea, chat: ChatModerationScreen, staff: StaffScreen, audit: AuditLogScreen, jobs: DeadJobsScreen, payments: PaymentProblemsScreen,
};

const PASSWORD_PATH = 'password';

/** The title of the screen at a path: its section's, or the member's own password screen. */
function titleAt(pathname: string, allowed: readonly Section[]): string {
  const first = pathname.slice(ADMIN_BASE.length).split('/').find(Boolean);
  if (first === PASSWORD_PATH) return 'Your password';
  if (first === undefined) return 'Dashboard';
  // The section of the first segment (a competition's page is in Competitions), if the member has it.
  const section = sectionOf(first);
  if (!section) return 'No such screen';
  return allowed.includes(section) ? section.label : 'Not one of your screens';
}

/**
 * The signed-in back office: who is signed in, the sections their role allows, and the screens
 * (paths relative to /admin). A member whose password someone else set (`passwordChangeDue`) sees
 * only the form to choose their own until they have: the API refuses everything else meanwhile.
 */
export default function SignedInArea({ staff, passwordChangeDue }: { staff: StaffMember; passwordChangeDue: boolean }) {
  const allowed = sectionsFor(staff.role);
  const title = titleAt(useLocation().pathname, allowed);
  useBackOfficeTitle(passwordChangeDue ? 'Choose your password' : title);
  return (
    <div className="bo-area">
      <header className="bo-header">
        <p className="bo-header__who">
          Signed in as <strong>{staff.name}</strong> <span className="bo-badge">{roleNames[staff.role]}</span>
        </p>
        {!passwordChangeDue && (
          <nav aria-label="Back office" className="bo-nav">
            <NavLink to={ADMIN_BASE} end>
              Dashboard
            </NavLink>
            {allowed.map((s) => (
              <NavLink key={s.path} to={sectionHref(s)}>
                {s.label}
              </NavLink>
            ))}
          </nav>
        )}
        {!passwordChangeDue && <NavLink to={`${ADMIN_BASE}/${PASSWORD_PATH}`}>Your password</NavLink>}
        <button type="button" className="bo-link-button" onClick={() => void signOut()}>
          Sign out
        </button>
      </header>
      {passwordChangeDue ? (
        <ChangePasswordScreen required />
      ) : (
        <Routes>
          <Route index element={<DashboardScreen staff={staff} />} />
          {allowed.map((s) => {
            const Screen = screens[s.path];
            return <Route key={s.path} path={`${s.path}/*`} element={<Screen staff={staff} />} />;
          })}
          <Route path={PASSWORD_PATH} element={<ChangePasswordScreen required={false} />} />
          <Route path="*" element={<NoSuchScreen role={staff.role} />} />
        </Routes>
      )}
    </div>
  );
}
