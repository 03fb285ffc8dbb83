/**
 * The session token lives in localStorage, base64-encoded (spec section 6), under
 * `token`. Reads decode it; anything unreadable counts as no token.
 */
export const TOKEN_STORAGE_KEY = 'token';

export function readStoredToken(): string | null {
  try {
    const stored = localStorage.getItem(TOKEN_STORAGE_KEY);
    if (!stored) return null;
    const token = atob(stored);
    return token.length > 0 ? token : null;
  } catch {
    // Private mode without storage, or a value that is not base64.
    return null;
  }
}

export function storeToken(token: string): void {
  try {
    localStorage.setItem(TOKEN_STORAGE_KEY, btoa(token));
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
