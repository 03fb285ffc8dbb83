import type { StaffMember } from '@cgg/contracts/staff';

/*
 * The signed-in staff member, for this browser tab only: the token lives in sessionStorage
 * (never localStorage, where the customer's session is), so closing the tab signs out and a
 * customer signed in on the same computer never shares it. The server ends an idle session
 * after 30 minutes; any call answered 401 then signs the tab out (staff-api.ts).
 */

const TOKEN_KEY = 'cgg.backoffice.token';

export type StaffSessionState =
  | { status: 'checking' }
  | { status: 'signed-out'; reason?: string }
  | { status: 'signed-in'; token: string; staff: StaffMember };

let state: StaffSessionState = storedToken() ? { status: 'checking' } : { status: 'signed-out' };
const listeners = new Set<() => void>();

function storedToken(): string | null {
  try {
    return sessionStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

function set(next: StaffSessionState): void {
  state = next;
  for (const listener of listeners) listener();
}

export const staffSession = {
  get: (): StaffSessionState => state,
  token: storedToken,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  signedIn(token: string, staff: StaffMember): void {
    sessionStorage.setItem(TOKEN_KEY, token);
    set({ status: 'signed-in', token, staff });
  },
  /** Signed out by the member, or by the server (expired, disabled): `reason` is shown on the sign-in form. */
  signedOut(reason?: string): void {
    sessionStorage.removeItem(TOKEN_KEY);
    set({ status: 'signed-out', reason });
  },
};

/** Tests start from a clean tab. */
export function resetStaffSessionForTests(): void {
  sessionStorage.removeItem(TOKEN_KEY);
  state = { status: 'signed-out' };
  listeners.clear();
}

/** After a page load with a stored token: the state again, as `checking` until the server has answered. */
export function restartStaffSessionForTests(): void {
  state = storedToken() ? { status: 'checking' } : { status: 'signed-out' };
}
