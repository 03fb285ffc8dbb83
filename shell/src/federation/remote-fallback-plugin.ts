import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { REMOTE_FALLBACK_FLAG, RemoteUnavailableError } from './remote-unavailable-error.ts';

/**
 * The stand-in for a module whose remote is down. Its component throws on render,
 * so whoever renders it lands in that slot's error boundary (which names the part
 * and offers a retry) instead of crashing the page. It imports no React on purpose:
 * runtime plugins run before the shared libraries are initialised.
 */
export function fallbackModule(id: string, cause: unknown) {
  return {
    __esModule: true,
    [REMOTE_FALLBACK_FLAG]: true,
    default: function RemoteUnavailable(): never {
      throw new RemoteUnavailableError(id, { cause });
    },
  };
}

/**
 * errorLoadRemote is called twice for a dead remote (docs/decisions.md#build-facts): first in
 * `afterResolve` with the manifest URL, where a returned module would be taken for a
 * manifest and fail validation, then in `onLoad` with the module id. Only the latter
 * gets the stand-in.
 */
export default function remoteFallbackPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'cgg-remote-fallback',
    errorLoadRemote({ id, error, lifecycle }) {
      if (lifecycle !== 'onLoad') return undefined;
      console.warn(`[shell] remote module ${id} failed to load`, error);
      return fallbackModule(id, error);
    },
  };
}
