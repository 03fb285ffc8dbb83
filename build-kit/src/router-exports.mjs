/**
 * The react-router-dom exports the front ends use. react-router is the largest shared
 * library (about 60 KB gzip whole, about 31 KB for these), and a shared module is not
 * tree-shaken unless every build names the same exports, so the list lives here once.
 * A team that needs another export adds it here; test/router-exports.test.mjs fails
 * when any front end imports one that is missing.
 * Declarative routing only: no data router (createBrowserRouter, RouterProvider), whose
 * createRouter would double react-router's share of the first screen (the shell's
 * src/routes/router.tsx).
 */
export const routerExports = [
  'BrowserRouter',
  'Link',
  'MemoryRouter',
  'NavLink',
  'Navigate',
  'Outlet',
  'Route',
  'Routes',
  'matchRoutes',
  'useLocation',
  'useNavigate',
  'useParams',
  'useRoutes',
  'useSearchParams',
];
