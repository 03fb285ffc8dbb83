import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { storeToken } from '../session/token-storage.ts';

/** Shows where the router is, so a test can see redirects. */
function WhereAmI() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/** Renders at a site path inside the routes the shell declares, plus a location probe. */
export function renderAt(path: string, routes: { path: string; element: ReactElement }[]) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        {routes.map((r) => (
          <Route key={r.path} path={r.path} element={r.element} />
        ))}
      </Routes>
      <WhereAmI />
    </MemoryRouter>,
  );
}

/** A browser that already holds a session token (as a previous visit left it). */
export function withStoredToken(token = 'tok-old'): void {
  storeToken(token);
}
