import { encodeSessionToken, readSessionToken, SESSION_TOKEN_KEY } from '@cgg/contracts';

/**
 * The session token lives in localStorage, base64-encoded (spec section 6), in the
 * format @cgg/contracts defines once (other front ends read it with readSessionToken).
 */
export const TOKEN_STORAGE_KEY = SESSION_TOKEN_KEY;

/** The decoded token; anything unreadable counts as no token. */
export function readStoredToken(): string | null {
  return readSessionToken();
}

export function storeToken(token: string): void {
  try {
    localStorage.setItem(TOKEN_STORAGE_KEY, encodeSessionToken(token));
  } catch (error) {
    console.warn('[account] could not store the session token', error);
  }
}

export function clearStoredToken(): void {
  try {
    localStorage.removeItem(TOKEN_STORAGE_KEY);
  } catch {
    // nothing stored, nothing to clear
  }
}
