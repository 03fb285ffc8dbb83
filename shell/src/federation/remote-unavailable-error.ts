/** Thrown (and caught by the slot's error boundary) when a remote module cannot be had. */
export class RemoteUnavailableError extends Error {
  readonly remoteId: string;

  constructor(remoteId: string, options?: { cause?: unknown }) {
    super(`Remote module ${remoteId} is unavailable`, options);
    this.name = 'RemoteUnavailableError';
    this.remoteId = remoteId;
  }
}

/**
 * A remote part that could not be loaded, as opposed to one that loaded and then failed while
 * rendering: only the former is "unavailable" (the latter is a bug, for the route's error screen).
 */
export function isRemoteUnavailable(error: unknown): error is RemoteUnavailableError {
  return error instanceof RemoteUnavailableError;
}

/** Marks the stand-in module the federation runtime hands back for a dead remote. */
export const REMOTE_FALLBACK_FLAG = '__cggRemoteFallback';

export function isRemoteFallback(module: unknown): boolean {
  return typeof module === 'object' && module !== null && REMOTE_FALLBACK_FLAG in module;
}
