import { accountCalls, type User } from '@cgg/contracts/account';
import { ApiError, apiRequest, calls, drawDateTime, emit, type Competition } from '@cgg/contracts';
import { authErrorText } from '../auth/auth-error.ts';
import { clearStoredToken, readStoredToken, storeToken, TOKEN_STORAGE_KEY } from './token-storage.ts';
import {
  accountStore,
  initialUserStore,
  sessionCheckErrorAtom,
  sessionReadyAtom,
  signedOutHereAtom,
  userStoreAtom,
  type CompetitionTickets,
  type TicketHolding,
  type UserStore,
} from './user-store.ts';

/*
 * The session of this browser tab. Several exposed modules of this remote mount on one
 * page (the header menu, a page), each calling `startSession()`; the check-auth call
 * must still happen once per page load, so it lives in one module-level promise.
 */
let startup: Promise<void> | null = null;

function update(patch: Partial<UserStore>): void {
  accountStore.set(userStoreAtom, { ...accountStore.get(userStoreAtom), ...patch });
}

/** Tells the rest of the site (other remotes, the shell) who is signed in: the only way they learn it. */
function announce(user: User | null): void {
  emit('account:session-changed', {
    signedIn: user !== null,
    user: user ? { id: user.id, firstName: user.first_name, displayName: user.name || `${user.first_name} ${user.last_name}`.trim() } : null,
  });
}

/** The decoded token of the signed-in customer, for this remote's own calls. */
export function currentToken(): string | null {
  return accountStore.get(userStoreAtom).user ? readStoredToken() : null;
}

/** Purchased competitions (spec section 7, "data (stored)"); fails silently (section 8). */
async function loadPurchasedTickets(token: string, userId: number): Promise<void> {
  update({ isLoading: true });
  try {
    const res = await apiRequest(accountCalls.getPurchasedCompetition, { token });
    // Signed out (or another customer signed in) meanwhile: these are not theirs.
    if (accountStore.get(userStoreAtom).user?.id === userId) update({ purchasedTickets: res.data });
  } catch (error) {
    console.warn('[account] purchased competitions unavailable', error);
  } finally {
    update({ isLoading: false });
  }
}

/**
 * The customer's holdings split by draw: each holding whose competition is in the lists
 * is upcoming until that competition is drawn. A holding in neither list (an old draw past
 * the lists' cap) is in purchasedTickets only.
 */
export function splitByDraw(holdings: readonly TicketHolding[], competitions: readonly Competition[]): Pick<UserStore, 'upcomingTickets' | 'drawnTickets'> {
  const byId = new Map<number, Competition>();
  for (const c of competitions) if (!byId.has(c.id)) byId.set(c.id, c);
  const upcoming: CompetitionTickets[] = [];
  const drawn: CompetitionTickets[] = [];
  for (const h of holdings) {
    const competition = byId.get(h.competition_id);
    if (!competition || h.total_tickets <= 0) continue;
    (competition.status === 'drawn' ? drawn : upcoming).push({ ...h, competition });
  }
  const at = (t: CompetitionTickets) => drawDateTime(t.competition).valueOf();
  upcoming.sort((a, b) => at(a) - at(b));
  drawn.sort((a, b) => at(b) - at(a));
  return { upcomingTickets: upcoming, drawnTickets: drawn };
}

let ticketsByDraw: { userId: number; loading: Promise<void> } | null = null;

/**
 * Fills upcomingTickets and drawnTickets (spec section 3) from the calls the spec gives the
 * customer's token for: get_purchased_competition (the holdings, refreshed too), and
 * drawn_next_competition plus finished_soldout_competition (the competitions, whose status
 * says drawn or not). Asked by the screens that show them, not on every page load; a
 * failure is only logged (section 8) and a list that failed leaves its holdings out.
 */
export function loadTicketsByDraw(): Promise<void> {
  const token = currentToken();
  const userId = accountStore.get(userStoreAtom).user?.id;
  if (!token || userId === undefined) return Promise.resolve();
  // One load at a time per customer: a load still running for the customer before does not stand in for this one's.
  if (ticketsByDraw?.userId === userId) return ticketsByDraw.loading;
  const loading = (async () => {
    update({ isLoading: true });
    try {
      const [purchased, next, finished] = await Promise.allSettled([
        apiRequest(accountCalls.getPurchasedCompetition, { token }),
        apiRequest(calls.drawnNextCompetition, { token }),
        apiRequest(calls.finishedSoldoutCompetition, { token }),
      ]);
      for (const r of [purchased, next, finished]) if (r.status === 'rejected') console.warn('[account] tickets by draw: a call failed', r.reason);
      // Signed out (or another customer signed in) meanwhile: these are not theirs.
      if (accountStore.get(userStoreAtom).user?.id !== userId || purchased.status === 'rejected') return;
      const competitions = [next, finished].flatMap((r) => (r.status === 'fulfilled' ? r.value.data : []));
      update({ purchasedTickets: purchased.value.data, ...splitByDraw(purchased.value.data, competitions) });
    } finally {
      update({ isLoading: false });
      if (ticketsByDraw?.userId === userId) ticketsByDraw = null;
    }
  })();
  ticketsByDraw = { userId, loading };
  return loading;
}

/** A call answered with a signed-in user (login, sign-up, check-auth, login-as-user): keep it. */
export function establishSession(user: User): void {
  // A sign-in on this page load settles the session: no startup check may run after it.
  startup ??= Promise.resolve();
  storeToken(user.token);
  accountStore.set(signedOutHereAtom, false);
  accountStore.set(sessionCheckErrorAtom, null);
  // Another customer than the one shown (signed in over them, or in another tab): nothing of theirs stays.
  const another = accountStore.get(userStoreAtom).user?.id !== user.id;
  update({ ...(another ? { purchasedTickets: [], upcomingTickets: [], drawnTickets: [] } : {}), user, isAuthenticating: false });
  accountStore.set(sessionReadyAtom, true);
  announce(user);
  void loadPurchasedTickets(user.token, user.id);
}

/**
 * Another tab signed in, signed out or rotated the token (check-auth): every call of this tab
 * reads the stored token, so this tab follows whoever it now names, or it would show one
 * customer and act as another (a save of the first one's bank details under the second's
 * token). Asked with get_user_details, which does not rotate (check-auth here would make the
 * other tab follow in turn, back and forth). The same customer (a rotation) changes nothing.
 */
export async function followStoredToken(): Promise<void> {
  const token = readStoredToken();
  const shown = accountStore.get(userStoreAtom).user;
  if (!token) {
    if (shown) signedOutElsewhere();
    return;
  }
  try {
    const res = await apiRequest(accountCalls.getUserDetails, { token });
    // Changed again meanwhile: the later change decides.
    if (readStoredToken() !== token || res.data.id === accountStore.get(userStoreAtom).user?.id) return;
    establishSession({ ...res.data, token });
  } catch (error) {
    console.warn('[account] the session another tab left could not be read', error);
    if (refused(error) && readStoredToken() === token && accountStore.get(userStoreAtom).user) signedOutElsewhere();
  }
}

let rechecking: Promise<void> | null = null;

/**
 * A call refused with 401 `invalid_token` while the customer is here: their session may have
 * ended (the password changed on another device, support's hour over). The stored token is asked
 * about once more; refused, it is forgotten as the startup check forgets one, and the account
 * pages send the customer to sign in and back, instead of showing empty lists as theirs. (Asked
 * again, not trusted: the refused call may have carried a token another tab has since replaced.)
 */
export function noticeRefusedCall(error: unknown): void {
  if (!(error instanceof ApiError) || error.status !== 401 || error.code !== 'invalid_token') return;
  if (!accountStore.get(userStoreAtom).user) return;
  rechecking ??= recheckStoredSession().finally(() => {
    rechecking = null;
  });
}

async function recheckStoredSession(): Promise<void> {
  const token = readStoredToken();
  if (!token) return signedOutElsewhere();
  try {
    await apiRequest(accountCalls.getUserDetails, { token });
  } catch (error) {
    if (refused(error) && readStoredToken() === token && accountStore.get(userStoreAtom).user) {
      clearStoredToken();
      signedOutElsewhere();
    }
  }
}

function signedOutElsewhere(): void {
  accountStore.set(userStoreAtom, { ...initialUserStore });
  accountStore.set(sessionReadyAtom, true);
  announce(null);
}

let followingOtherTabs = false;

/** Listens, once per page, for another tab changing the stored token (`storage` fires only for other tabs). */
function followOtherTabs(): void {
  if (followingOtherTabs || typeof window === 'undefined') return;
  followingOtherTabs = true;
  window.addEventListener('storage', (event) => {
    // key null: the other tab cleared the whole storage.
    if (event.key === TOKEN_STORAGE_KEY || event.key === null) void followStoredToken();
  });
}

async function checkStoredToken(again = true): Promise<void> {
  const token = readStoredToken();
  if (!token) {
    // (Checking again after another tab signed out, this page was flagged authenticating.)
    update({ isAuthenticating: false });
    accountStore.set(sessionReadyAtom, true);
    announce(null);
    return;
  }
  update({ isAuthenticating: true });
  try {
    // check-auth rotates the token: the answer carries the new one.
    const res = await apiRequest(accountCalls.checkAuth, { token });
    if (readStoredToken() !== token) {
      // Stored anew meanwhile (another tab signed in or out, or its own check-auth; a sign-in on
      // this page): that one stands, not this older answer, which would also make the other tab follow it back.
      if (!accountStore.get(userStoreAtom).user) await followStoredToken();
      if (!accountStore.get(userStoreAtom).user) {
        update({ isAuthenticating: false });
        accountStore.set(sessionReadyAtom, true);
        announce(null);
      }
      return;
    }
    establishSession(res.data);
  } catch (error) {
    // Spec section 8: auth failures are silent; the visitor is simply signed out.
    console.warn('[account] stored session not accepted', error);
    const changed = readStoredToken() !== token;
    if (changed) {
      // Signed in meanwhile (another form on this page)? Then that newer session stands.
      if (accountStore.get(userStoreAtom).user) return;
      // Another tab signed in, out or checked meanwhile: what is stored now decides (checked once more).
      if (again) return checkStoredToken(false);
    }
    // Forget the token only when the server refused it (and only that token). A failed or aborted
    // request (offline, the visitor left the page) proves nothing: the next page load retries.
    if (!refused(error)) accountStore.set(sessionCheckErrorAtom, authErrorText(error));
    else if (!changed) clearStoredToken();
    update({ ...initialUserStore });
    accountStore.set(sessionReadyAtom, true);
    announce(null);
  }
}

function refused(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 401 || error.status === 403);
}

/** Startup auth (spec section 4), once per page load however many modules ask. */
export function startSession(): Promise<void> {
  followOtherTabs();
  startup ??= checkStoredToken();
  return startup;
}

/** Checks the stored session again after a check the server could not answer (Try again). */
export function retrySessionCheck(): Promise<void> {
  accountStore.set(sessionCheckErrorAtom, null);
  accountStore.set(sessionReadyAtom, false);
  startup = checkStoredToken();
  return startup;
}

/** Sign out: end the server session (best effort), forget the token, tell the site. */
export async function signOut(): Promise<void> {
  startup ??= Promise.resolve();
  const token = readStoredToken();
  clearStoredToken();
  accountStore.set(signedOutHereAtom, true);
  accountStore.set(userStoreAtom, { ...initialUserStore });
  accountStore.set(sessionReadyAtom, true);
  announce(null);
  if (token) {
    try {
      await apiRequest(accountCalls.logout, { token });
    } catch (error) {
      console.warn('[account] logout call failed', error);
    }
  }
}

/** Tests only: forget this page load's session as if the page reloaded. */
export function resetSessionForTests(): void {
  startup = null;
  rechecking = null;
  ticketsByDraw = null;
  accountStore.set(userStoreAtom, { ...initialUserStore });
  accountStore.set(sessionReadyAtom, false);
  accountStore.set(signedOutHereAtom, false);
  accountStore.set(sessionCheckErrorAtom, null);
}
