import { createContext, useContext } from 'react';
import { federationLoader, type RemoteLoader } from './load-remote-module.ts';

/** Tests swap the federation runtime for a fake loader through this context. */
export const RemoteLoaderContext = createContext<RemoteLoader>(federationLoader);

export function useRemoteLoader(): RemoteLoader {
  return useContext(RemoteLoaderContext);
}
