import type { StaffMember } from '@cgg/contracts/staff';
import { Route, Routes } from 'react-router-dom';
import { CompetitionListScreen } from './competition-list-screen.tsx';
import { CompetitionScreen } from './competition-screen.tsx';
import { CompetitionEditorScreen } from './editor/competition-editor-screen.tsx';

/** Competitions may be made and changed by these roles (the API checks again). */
export const canEditCompetitions = (staff: StaffMember): boolean => staff.role === 'admin' || staff.role === 'operator';

/**
 * /admin/competitions: the list; /new and /:id/edit the editor; /:id one competition's
 * schedule, entries and draw.
 */
export function CompetitionsArea({ staff }: { staff: StaffMember }) {
  const editor = canEditCompetitions(staff);
  return (
    <Routes>
      <Route index element={<CompetitionListScreen canCreate={editor} />} />
      {editor && <Route path="new" element={<CompetitionEditorScreen />} />}
      {editor && <Route path=":id/edit" element={<CompetitionEditorScreen />} />}
      <Route path=":id" element={<CompetitionScreen staff={staff} />} />
    </Routes>
  );
}
