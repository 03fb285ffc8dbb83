import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { MainContentReady } from '../federation/main-content-ready.tsx';
import { RemoteSlot } from '../federation/remote-slot.tsx';
import { RootLayout } from '../layout/root-layout.tsx';
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

/** The route objects: the route table under the site layout, with the error screen at two levels. */
export function siteRoutes(): RouteObject[] {
  const pages: RouteObject[] = routeTable.map((entry) =>
    entry.path === '/' ? { index: true, element: elementFor(entry) } : { path: entry.path, element: elementFor(entry) },
  );
  return [
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
