import { render } from '@testing-library/react';
import { MemoryRouter, useLocation, useNavigate, type Location, type NavigateFunction } from 'react-router-dom';
import type { RemoteLoader } from '../federation/load-remote-module.ts';
import { RemoteLoaderContext } from '../federation/remote-loader-context.ts';
import { SiteRoutes } from '../routes/router.tsx';

/** A remote that answers nothing: every remote part falls back. */
export const deadRemotes: RemoteLoader = () => Promise.reject(new Error('remote down'));

/** What a test reads and drives of the site's router: the current location, and navigation. */
export interface SiteRouter {
  readonly state: { location: Location };
  navigate(to: string): void;
}

/** The whole site in memory at `path`, with remotes replaced by `load`. */
export function renderSite(path: string, load: RemoteLoader = deadRemotes) {
  let location: Location | undefined;
  let navigate: NavigateFunction | undefined;
  function RouterProbe() {
    location = useLocation();
    navigate = useNavigate();
    return null;
  }
  const router: SiteRouter = {
    get state() {
      if (!location) throw new Error('the site has not rendered');
      return { location };
    },
    navigate: (to) => {
      if (!navigate) throw new Error('the site has not rendered');
      void navigate(to);
    },
  };
  const utils = render(
    <RemoteLoaderContext.Provider value={load}>
      <MemoryRouter initialEntries={[path]}>
        <SiteRoutes />
        <RouterProbe />
      </MemoryRouter>
    </RemoteLoaderContext.Provider>,
  );
  return { router, ...utils };
}
