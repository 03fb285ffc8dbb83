import type { StaffMember } from '@cgg/contracts/staff';
import { Link, Route, Routes } from 'react-router-dom';
import { ADMIN_BASE } from '../layout/sections.ts';
import { CompetitionListScreen } from './competition-list-screen.tsx';
import { CompetitionScreen } from './competition-screen.tsx';
import { CompetitionEditorScreen } from './editor/competition-editor-screen.tsx';

/** Competitions may be made and changed by these roles (the API checks again). */
export const canEditCompetitions = (staff: StaffMember): boolean => staff.role === 'admin' || staff.role === 'operator';

/** The editor's addresses opened by a role that may only look (a shared link): said, not "not found". */
function OperatorsOnly() {
  return (
    <p className="bo-notice" role="status">
      Making and changing competitions is for operators and admins; you can see every competition from <Link to={`${ADMIN_BASE}/competitions`}>the list</Link>.
    </p>
  );
}

/**
 * /admin/competitions: the list; /new and /:id/edit the editor; /:id one competition's
 * schedule, entries and draw.
 */
export function CompetitionsArea({ staff }: { staff: StaffMember }) {
  const editor = canEditCompetitions(staff);
  return (
    <Routes>
      <Route index element={<CompetitionListScreen canCreate={editor} />} />
      {editor ? <Route path="new" element={<CompetitionEditorScreen />} /> : <Route path="new" element={<OperatorsOnly />} />}
      {editor ? <Route path=":id/edit" element={<CompetitionEditorScreen />} /> : <Route path=":id/edit" element={<OperatorsOnly />} />}
      <Route path=":id" element={<CompetitionScreen staff={staff} />} />
    </Routes>
  );
}
