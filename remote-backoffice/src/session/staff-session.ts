import type { StaffMember } from '@cgg/contracts/staff';

/*
 * The signed-in staff member, for this browser tab only: the token lives in sessionStorage
 * (never localStorage, where the customer's session is), so closing the tab signs out and a
 * customer signed in on the same computer never shares it. The server ends an idle session
 * after 30 minutes; a call answered 401 then ends the tab's session too (staff-api.ts): the
 * screens stay as they are, unsaved forms included, behind a sign-in (`ended`), and the same
 * member signing in again carries on where they were.
 */

const TOKEN_KEY = 'cgg.backoffice.token';

export type StaffSessionState =
  | { status: 'checking' }
  | { status: 'signed-out'; reason?: string }
  /** `passwordChangeDue`: someone else set their password; the screens wait until they choose their own. */
  | { status: 'signed-in'; token: string; staff: StaffMember; passwordChangeDue: boolean }
  /** The server ended a signed-in session (idle, signed out elsewhere, disabled): `staff` is who was signed in. */
  | { status: 'ended'; staff: StaffMember; passwordChangeDue: boolean; reason: string };

let state: StaffSessionState = storedToken() ? { status: 'checking' } : { status: 'signed-out' };
const listeners = new Set<() => void>();
/** How often a tab has signed in again after its session ended: screens whose load failed meanwhile load again. */
let renewals = 0;

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
  renewals: (): number => renewals,
  signedIn(token: string, staff: StaffMember, passwordChangeDue = false): void {
    sessionStorage.setItem(TOKEN_KEY, token);
    if (state.status === 'ended') renewals++;
    set({ status: 'signed-in', token, staff, passwordChangeDue });
  },
  /** The member has chosen their own password: the screens open. */
  passwordChosen(): void {
    if (state.status === 'signed-in' && state.passwordChangeDue) set({ ...state, passwordChangeDue: false });
  },
  /**
   * The server refused the tab's session (401). Signed in until now: `ended`, the screens kept;
   * otherwise signed out. `refused`: the token the refused call carried; a late answer to a call
   * sent before the member signed in again is not about the session they have now.
   */
  ended(reason: string, refused?: string): void {
    if (refused !== undefined && state.status === 'signed-in' && state.token !== refused) return;
    sessionStorage.removeItem(TOKEN_KEY);
    if (state.status === 'ended') return;
    set(state.status === 'signed-in' ? { status: 'ended', staff: state.staff, passwordChangeDue: state.passwordChangeDue, reason } : { status: 'signed-out', reason });
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
  renewals = 0;
  listeners.clear();
}

/** After a page load with a stored token: the state again, as `checking` until the server has answered. */
export function restartStaffSessionForTests(): void {
  state = storedToken() ? { status: 'checking' } : { status: 'signed-out' };
}
