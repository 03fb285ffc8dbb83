import { useEffect, useSyncExternalStore } from 'react';
import { staffCalls } from '@cgg/contracts/staff';
import { apiRequest } from '@cgg/contracts';
import { staffRequest } from '../api/staff-api.ts';
import { staffSession, type StaffSessionState } from './staff-session.ts';

let checking: Promise<void> | null = null;

/** A stored token is checked once per page load (staffMe): still signed in, and as whom. */
function checkStoredToken(): Promise<void> {
  checking ??= (async () => {
    const token = staffSession.token();
    if (!token) return staffSession.signedOut();
    try {
      const me = await staffRequest((o) => apiRequest(staffCalls.staffMe, {}, o), token);
      const { password_change_due: due, ...staff } = me.data;
      staffSession.signedIn(token, staff, due === true);
    } catch {
      // staffRequest has already signed the tab out on a 401; any other failure leaves the
      // member to sign in again rather than showing screens that cannot load.
      if (staffSession.get().status === 'checking') staffSession.signedOut('The back office could not check your sign-in. Please sign in again.');
    } finally {
      checking = null;
    }
  })();
  return checking;
}

export function useStaffSession(): StaffSessionState {
  const state = useSyncExternalStore(staffSession.subscribe, staffSession.get, staffSession.get);
  useEffect(() => {
    if (state.status === 'checking') void checkStoredToken();
  }, [state.status]);
  return state;
}
