import { loadRemote } from '@module-federation/enhanced/runtime';
import { remotesReady } from './runtime-document.ts';
import { isRemoteFallback, isRemoteUnavailable, RemoteUnavailableError } from './remote-unavailable-error.ts';

export type RemoteLoader = (id: string) => Promise<unknown>;

/** The real loader: after the runtime document is registered, through the federation runtime. */
export const federationLoader: RemoteLoader = async (id) => {
  await remotesReady();
  return loadRemote(id);
};

async function attempt(id: string, load: RemoteLoader): Promise<{ default: unknown }> {
  const module = await load(id);
  if (!module || isRemoteFallback(module) || typeof (module as { default?: unknown }).default !== 'function') {
    throw new RemoteUnavailableError(id);
  }
  return module as { default: unknown };
}

/**
 * Loads an exposed module, retrying once: a remote that is being redeployed or a
 * dropped connection often answers the second time. After that the caller's error
 * boundary takes over; whatever went wrong (a network error, the runtime's own) is a
 * RemoteUnavailableError, so the boundary can tell a part that never came from one that broke.
 */
export async function loadRemoteModule(id: string, load: RemoteLoader = federationLoader): Promise<{ default: unknown }> {
  try {
    return await attempt(id, load);
  } catch {
    try {
      return await attempt(id, load);
    } catch (error) {
      throw isRemoteUnavailable(error) ? error : new RemoteUnavailableError(id, { cause: error });
    }
  }
}
