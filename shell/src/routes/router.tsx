import { Outlet, useRoutes, type RouteObject } from 'react-router-dom';
import { RemoteSlot } from '../federation/remote-slot.tsx';
import { RootLayout } from '../layout/root-layout.tsx';
import { StaffLayout } from '../layout/staff-layout.tsx';
import { shellPages } from '../pages/shell-pages.tsx';
import { RouteErrorBoundary } from './route-error-boundary.tsx';
import { routeTable, type RouteEntry } from './route-table.ts';

function elementFor(entry: RouteEntry) {
  if (entry.owner === 'shell') {
    // Each shell page says when it has rendered itself (shell-pages.tsx), as a remote slot does.
    const Page = shellPages[entry.page];
    return <Page />;
  }
  return <RemoteSlot remote={entry.owner} module={entry.module} />;
}

const isStaffPage = (entry: RouteEntry): boolean => entry.owner !== 'shell' && entry.layout === 'staff';

/**
 * The route objects: the route table under the site layout (staff pages under theirs), with the
 * error screen at two levels (a failing layout; a failing page, inside the layout's header and footer).
 */
export function siteRoutes(): RouteObject[] {
  const route = (entry: RouteEntry): RouteObject =>
    entry.path === '/' ? { index: true, element: elementFor(entry) } : { path: entry.path, element: elementFor(entry) };
  const pages = routeTable.filter((entry) => !isStaffPage(entry)).map(route);
  const staffPages = routeTable.filter(isStaffPage).map(route);
  const guardedPage = (
    <RouteErrorBoundary>
      <Outlet />
    </RouteErrorBoundary>
  );
  return [
    {
      element: (
        <RouteErrorBoundary>
          <StaffLayout />
        </RouteErrorBoundary>
      ),
      children: [{ element: guardedPage, children: staffPages }],
    },
    {
      path: '/',
      element: (
        <RouteErrorBoundary>
          <RootLayout />
        </RouteErrorBoundary>
      ),
      children: [{ element: guardedPage, children: pages }],
    },
  ];
}

const routes = siteRoutes();

/**
 * The site's pages at the router's location: declarative routes (`useRoutes`) inside the
 * browser's BrowserRouter, the server's StaticRouter and the tests' MemoryRouter. The shell
 * loads no data through the router, so it needs none of the data router's machinery (about
 * 16 KB gzip of react-router on every page's first screen).
 */
export function SiteRoutes() {
  return useRoutes(routes);
}
