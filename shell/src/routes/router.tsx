import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { MainContentReady } from '../federation/main-content-ready.tsx';
import { RemoteSlot } from '../federation/remote-slot.tsx';
import { RootLayout } from '../layout/root-layout.tsx';
import { StaffLayout } from '../layout/staff-layout.tsx';
import { ErrorScreen } from '../pages/error-screen.tsx';
import { shellPages } from '../pages/shell-pages.tsx';
import { routeTable, type RouteEntry } from './route-table.ts';

function elementFor(entry: RouteEntry) {
  if (entry.owner === 'shell') {
    const Page = shellPages[entry.page];
    return (
      <>
        <Page />
        <MainContentReady />
      </>
    );
  }
  return <RemoteSlot remote={entry.owner} module={entry.module} />;
}

const isStaffPage = (entry: RouteEntry): boolean => entry.owner !== 'shell' && entry.layout === 'staff';

/** The route objects: the route table under the site layout (staff pages under theirs), with the error screen at two levels. */
export function siteRoutes(): RouteObject[] {
  const route = (entry: RouteEntry): RouteObject =>
    entry.path === '/' ? { index: true, element: elementFor(entry) } : { path: entry.path, element: elementFor(entry) };
  const pages = routeTable.filter((entry) => !isStaffPage(entry)).map(route);
  const staffPages = routeTable.filter(isStaffPage).map(route);
  return [
    {
      element: <StaffLayout />,
      errorElement: <ErrorScreen />,
      children: [{ errorElement: <ErrorScreen />, children: staffPages }],
    },
    {
      path: '/',
      element: <RootLayout />,
      // If the layout itself fails.
      errorElement: <ErrorScreen />,
      // A failing page keeps the header and footer around it.
      children: [{ errorElement: <ErrorScreen />, children: pages }],
    },
  ];
}

export function createSiteRouter() {
  return createBrowserRouter(siteRoutes());
}
