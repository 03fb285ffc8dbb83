import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { RemoteLoader } from '../federation/load-remote-module.ts';
import { RemoteLoaderContext } from '../federation/remote-loader-context.ts';
import { siteRoutes } from '../routes/router.tsx';

/** A remote that answers nothing: every remote part falls back. */
export const deadRemotes: RemoteLoader = () => Promise.reject(new Error('remote down'));

/** The whole site in memory at `path`, with remotes replaced by `load`. */
export function renderSite(path: string, load: RemoteLoader = deadRemotes) {
  const router = createMemoryRouter(siteRoutes(), { initialEntries: [path] });
  const utils = render(
    <RemoteLoaderContext.Provider value={load}>
      <RouterProvider router={router} />
    </RemoteLoaderContext.Provider>,
  );
  return { router, ...utils };
}
