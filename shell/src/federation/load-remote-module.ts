import { loadRemote } from '@module-federation/enhanced/runtime';
import { remotesReady } from './runtime-document.ts';
import { isRemoteFallback, RemoteUnavailableError } from './remote-unavailable-error.ts';

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
 * boundary takes over.
 */
export async function loadRemoteModule(id: string, load: RemoteLoader = federationLoader): Promise<{ default: unknown }> {
  try {
    return await attempt(id, load);
  } catch {
    return attempt(id, load);
  }
}
