import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import BackOffice from '../back-office.tsx';
import { restartStaffSessionForTests } from '../session/staff-session.ts';

/** The back office as the shell mounts it (/admin/*), at `path`, with `token` as a tab's stored session. */
export function renderBackOffice(path = '/admin', token?: string) {
  if (token) sessionStorage.setItem('cgg.backoffice.token', token);
  restartStaffSessionForTests();
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/admin/*" element={<BackOffice />} />
        <Route path="*" element={<p>Shop page</p>} />
      </Routes>
    </MemoryRouter>,
  );
}
