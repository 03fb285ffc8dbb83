/**
 * The signed-in customer's token as remote-account stores it (spec section 6: kept in
 * local storage, base64-encoded, decoded before use). Other front ends read it only
 * through this helper, so the storage format is defined once.
 */
export const SESSION_TOKEN_KEY = 'token';

/** The decoded session token, or null when signed out, unreadable or storage is blocked. */
export function readSessionToken(storage: Pick<Storage, 'getItem'> | undefined = safeLocalStorage()): string | null {
  try {
    const stored = storage?.getItem(SESSION_TOKEN_KEY);
    if (!stored) return null;
    const token = atob(stored.replace(/^"|"$/g, ''));
    return token.length > 0 ? token : null;
  } catch {
    return null;
  }
}

/** Stores a token the way readSessionToken reads it (base64). */
export function encodeSessionToken(token: string): string {
  return btoa(token);
}

function safeLocalStorage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}
