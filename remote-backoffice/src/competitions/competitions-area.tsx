import type { StaffMember } from '@cgg/contracts/staff';
import { Route, Routes } from 'react-router-dom';
import { CompetitionListScreen } from './competition-list-screen.tsx';
import { CompetitionScreen } from './competition-screen.tsx';

/** /admin/competitions: the list, and one competition's entries and draw at /admin/competitions/:id. */
export function CompetitionsArea({ staff }: { staff: StaffMember }) {
  return (
    <Routes>
      <Route index element={<CompetitionListScreen />} />
      <Route path=":id" element={<CompetitionScreen staff={staff} />} />
    </Routes>
  );
}
