import { describe, expect, it, vi } from 'vitest';
import { mockApi, wpError } from '../test/mock-api.ts';
import { makeCompetition, makeUser, responses } from '../test/fixtures.ts';
import { collect } from '../test/events.ts';
import { establishSession, followStoredToken, loadTicketsByDraw, signOut, splitByDraw, startSession } from './session.ts';
import { accountStore, sessionReadyAtom, userStoreAtom } from './user-store.ts';
import { readStoredToken, storeToken, TOKEN_STORAGE_KEY } from './token-storage.ts';
import { UI_WAIT } from '../test/ui-wait.ts';

const store = () => accountStore.get(userStoreAtom);

describe('startup auth (spec section 4)', () => {
  it('checks a stored token once per page load, flags authenticating, and stores the rotated token base64', async () => {
    storeToken('tok-old');
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe(btoa('tok-old'));
    const api = mockApi({ 'check-auth': responses.checkAuth(makeUser({ token: 'tok-new' })), get_purchased_competition: { success: true, data: [{ competition_id: 3, total_tickets: 4 }] } }, { hold: true });
    const sessions = collect('account:session-changed');

    const first = startSession();
    const second = startSession(); // the header menu and a page both mount
    expect(first).toBe(second);
    expect(store().isAuthenticating).toBe(true);
    api.release();
    await first;

    expect(api.calls.filter((c) => c.route === 'check-auth')).toHaveLength(1);
    expect(api.calls[0]?.body).toEqual({ token: 'tok-old' });
    expect(api.calls[0]?.authorization).toBe('Bearer tok-old');
    expect(store().isAuthenticating).toBe(false);
    expect(store().user?.first_name).toBe('Priya');
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe(btoa('tok-new'));
    expect(readStoredToken()).toBe('tok-new');
    expect(sessions).toEqual([{ signedIn: true, user: { id: 7, firstName: 'Priya', displayName: 'Priya Shah' } }]);
    await startSession();
    expect(api.calls.filter((c) => c.route === 'check-auth')).toHaveLength(1);
  });

  it('clears a refused token silently: logged, no toast, announced as signed out', async () => {
    storeToken('tok-expired');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    mockApi({ 'check-auth': wpError(401, 'rest_invalid_token', 'Session expired') });
    const toasts = collect('shell:toast');
    const sessions = collect('account:session-changed');
    await startSession();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(store()).toMatchObject({ user: null, isAuthenticating: false });
    expect(accountStore.get(sessionReadyAtom)).toBe(true);
    expect(toasts).toEqual([]);
    expect(warn).toHaveBeenCalled();
    expect(sessions).toEqual([{ signedIn: false, user: null }]);
  });

  it('another tab signed out while the check ran: this page goes signed out too, not left checking', async () => {
    storeToken('tok-a');
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    mockApi({
      'check-auth': () => {
        localStorage.removeItem(TOKEN_STORAGE_KEY); // the other tab's sign-out
        return { status: 401, body: { code: 'invalid_token', message: 'Your session has expired. Please log in again.', data: { status: 401 } } };
      },
    });
    const sessions = collect('account:session-changed');
    await startSession();
    expect(store()).toMatchObject({ user: null, isAuthenticating: false });
    expect(accountStore.get(sessionReadyAtom)).toBe(true);
    expect(sessions).toEqual([{ signedIn: false, user: null }]);
  });

  it("another tab stored a newer token while this page's check was refused: this page checks that one, and keeps it", async () => {
    storeToken('tok-a');
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const api = mockApi({
      'check-auth': (body: Record<string, unknown>) => {
        if (body.token === 'tok-b') return responses.checkAuth(makeUser({ token: 'tok-c' }));
        storeToken('tok-b'); // the other tab signed in meanwhile
        return { status: 401, body: { code: 'invalid_token', message: 'Your session has expired. Please log in again.', data: { status: 401 } } };
      },
      get_purchased_competition: { success: true, data: [] },
    });
    await startSession();
    expect(api.calls.filter((c) => c.route === 'check-auth').map((c) => c.body)).toEqual([{ token: 'tok-a' }, { token: 'tok-b' }]);
    expect(store()).toMatchObject({ isAuthenticating: false, user: { first_name: 'Priya' } });
    expect(readStoredToken()).toBe('tok-c');
  });

  it('keeps the token when the check fails without an answer (offline, page left): the next load retries', async () => {
    storeToken('tok-keep');
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));
    const sessions = collect('account:session-changed');
    await startSession();
    expect(readStoredToken()).toBe('tok-keep');
    expect(store()).toMatchObject({ user: null, isAuthenticating: false });
    expect(sessions).toEqual([{ signedIn: false, user: null }]);
  });

  it('makes no call without a stored token (and ignores one that is not base64)', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, '%%%not-base64');
    const api = mockApi({});
    const sessions = collect('account:session-changed');
    await startSession();
    expect(api.calls).toEqual([]);
    expect(sessions).toEqual([{ signedIn: false, user: null }]);
  });
});

describe('sign-in and sign-out', () => {
  it('a sign-in stores the token base64, loads purchased tickets and announces the user', async () => {
    const api = mockApi({ get_purchased_competition: { success: true, data: [{ competition_id: 3, total_tickets: 4 }] } });
    const sessions = collect('account:session-changed');
    establishSession(makeUser({ token: 'tok-login', first_name: 'Sam', name: 'Sam Smith' }));
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe(btoa('tok-login'));
    expect(sessions).toEqual([{ signedIn: true, user: { id: 7, firstName: 'Sam', displayName: 'Sam Smith' } }]);
    await vi.waitFor(() => expect(store().purchasedTickets).toEqual([{ competition_id: 3, total_tickets: 4 }]), UI_WAIT);
    expect(api.calls[0]?.body).toEqual({ token: 'tok-login' });
    expect(store().isLoading).toBe(false);
  });

  it('sign out revokes the token on the server, clears it and announces signed out', async () => {
    const api = mockApi({ get_purchased_competition: { success: true, data: [] }, logout: { success: true, message: 'Signed out.' } });
    establishSession(makeUser({ token: 'tok-a' }));
    const sessions = collect('account:session-changed');
    await signOut();
    expect(api.calls.find((c) => c.route === 'logout')?.body).toEqual({ token: 'tok-a' });
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(store().user).toBeNull();
    expect(sessions).toEqual([{ signedIn: false, user: null }]);
  });
});

describe('a sign-in settles the page load', () => {
  it('no startup check runs after a sign-in on the same page (it would check the fresh token needlessly)', async () => {
    const api = mockApi({ get_purchased_competition: { success: true, data: [] } });
    establishSession(makeUser({ token: 'tok-fresh' }));
    await startSession();
    expect(api.routes()).not.toContain('check-auth');
    expect(readStoredToken()).toBe('tok-fresh');
  });

  it('a refused old token does not end a session started meanwhile', async () => {
    storeToken('tok-old');
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const api = mockApi({ 'check-auth': wpError(401, 'rest_invalid_token', 'Expired'), get_purchased_competition: { success: true, data: [] } }, { hold: true });
    const checking = startSession();
    establishSession(makeUser({ token: 'tok-fresh' }));
    api.release();
    await checking;
    expect(readStoredToken()).toBe('tok-fresh');
    expect(store().user?.token).toBe('tok-fresh');
  });
});

describe('upcoming and drawn tickets (user store, spec section 3)', () => {
  const soon = makeCompetition({ id: 1, title: 'Soon', draw_date: '2026-12-01' });
  const later = makeCompetition({ id: 2, title: 'Later', draw_date: '2027-01-05' });
  const closed = makeCompetition({ id: 3, title: 'Closed, not drawn', status: 'closed', draw_date: '2026-11-30' });
  const drawnOld = makeCompetition({ id: 4, title: 'Drawn long ago', status: 'drawn', draw_date: '2026-10-01', winning_ticket_number: 12 });
  const drawnNew = makeCompetition({ id: 5, title: 'Drawn lately', status: 'drawn', draw_date: '2026-11-20', winning_ticket_number: 7 });

  it('splits the holdings by their competition: not drawn yet (soonest first) or drawn (latest first)', () => {
    const holdings = [2, 4, 1, 5, 3, 99].map((id) => ({ competition_id: id, total_tickets: id }));
    const { upcomingTickets, drawnTickets } = splitByDraw(holdings, [soon, later, closed, drawnOld, drawnNew, soon]);
    expect(upcomingTickets.map((t) => [t.competition.title, t.total_tickets])).toEqual([
      ['Closed, not drawn', 3],
      ['Soon', 1],
      ['Later', 2],
    ]);
    expect(drawnTickets.map((t) => [t.competition.title, t.total_tickets])).toEqual([
      ['Drawn lately', 5],
      ['Drawn long ago', 4],
    ]);
  });

  it("fills them from get_purchased_competition, drawn_next_competition and finished_soldout_competition with the customer's token", async () => {
    const api = mockApi({
      get_purchased_competition: { success: true, data: [{ competition_id: 1, total_tickets: 3 }, { competition_id: 5, total_tickets: 2 }] },
      drawn_next_competition: { success: true, data: [soon, later] },
      finished_soldout_competition: { success: true, data: [drawnNew] },
    });
    establishSession(makeUser({ token: 'tok-draws' }));
    await loadTicketsByDraw();
    expect(store().upcomingTickets).toEqual([{ competition_id: 1, total_tickets: 3, competition: soon }]);
    expect(store().drawnTickets).toEqual([{ competition_id: 5, total_tickets: 2, competition: drawnNew }]);
    expect(store().isLoading).toBe(false);
    for (const route of ['drawn_next_competition', 'finished_soldout_competition']) {
      const call = api.calls.find((c) => c.route === route);
      expect(call?.body).toEqual({ token: 'tok-draws' });
      expect(call?.authorization).toBe('Bearer tok-draws');
    }
  });

  it('asks nothing for a visitor, keeps what a failed list leaves out silent, and forgets them on sign-out', async () => {
    const none = mockApi({});
    await loadTicketsByDraw();
    expect(none.calls).toEqual([]);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    mockApi({
      get_purchased_competition: { success: true, data: [{ competition_id: 1, total_tickets: 3 }, { competition_id: 5, total_tickets: 2 }] },
      drawn_next_competition: { success: true, data: [soon] },
      finished_soldout_competition: wpError(500, 'internal_error', 'Down'),
    });
    const toasts = collect('shell:toast');
    establishSession(makeUser({ token: 'tok-draws' }));
    await loadTicketsByDraw();
    expect(store().upcomingTickets.map((t) => t.competition_id)).toEqual([1]);
    expect(store().drawnTickets).toEqual([]);
    expect(warn).toHaveBeenCalled();
    expect(toasts).toEqual([]);
    mockApi({ logout: { success: true, message: 'Signed out.' } });
    await signOut();
    expect(store()).toMatchObject({ upcomingTickets: [], drawnTickets: [], purchasedTickets: [] });
  });
});

describe('another tab (the token is shared through localStorage)', () => {
  const otherTab = (token: string | null) => {
    if (token) storeToken(token);
    else localStorage.removeItem(TOKEN_STORAGE_KEY);
    // `storage` fires in the tabs that did not make the change.
    window.dispatchEvent(new StorageEvent('storage', { key: TOKEN_STORAGE_KEY }));
  };

  it('signs in as another customer: this tab follows them, and nothing of the first stays', async () => {
    mockApi({ 'check-auth': responses.checkAuth(makeUser({ id: 7, token: 'tok-alice' })), get_purchased_competition: { success: true, data: [{ competition_id: 3, total_tickets: 4 }] } });
    storeToken('tok-alice-old');
    await startSession();
    await vi.waitFor(() => expect(store().purchasedTickets).toHaveLength(1), UI_WAIT);
    const api = mockApi({ get_user_details: { success: true, data: makeUser({ id: 9, first_name: 'Bob', token: 'tok-bob' }) }, get_purchased_competition: { success: true, data: [] } });
    const sessions = collect('account:session-changed');
    otherTab('tok-bob');
    await vi.waitFor(() => expect(store().user?.id).toBe(9), UI_WAIT);
    expect(store().purchasedTickets).toEqual([]);
    expect(api.calls.map((c) => c.route)).not.toContain('check-auth'); // asked without rotating: the other tab keeps its token
    expect(api.calls.find((c) => c.route === 'get_user_details')?.body).toEqual({ token: 'tok-bob' });
    expect(sessions).toEqual([{ signedIn: true, user: { id: 9, firstName: 'Bob', displayName: expect.any(String) } }]);
    expect(readStoredToken()).toBe('tok-bob');
  });

  it('rotates the same customer\'s token (its check-auth): nothing changes here; signs out: so does this tab', async () => {
    mockApi({ get_purchased_competition: { success: true, data: [] } });
    establishSession(makeUser({ id: 7, token: 'tok-1' }));
    const api = mockApi({ get_user_details: { success: true, data: makeUser({ id: 7, token: 'tok-2' }) } });
    const sessions = collect('account:session-changed');
    storeToken('tok-2');
    await followStoredToken(); // what the storage event runs, awaited to its end
    expect(api.calls.find((c) => c.route === 'get_user_details')?.body).toEqual({ token: 'tok-2' });
    expect(store().user?.id).toBe(7);
    expect(api.calls.map((c) => c.route)).not.toContain('get_purchased_competition'); // not signed in afresh
    expect(sessions).toEqual([]);
    localStorage.removeItem(TOKEN_STORAGE_KEY);
    await followStoredToken();
    expect(store().user).toBeNull();
    expect(sessions).toEqual([{ signedIn: false, user: null }]);
  });

  it('a check-auth answering after another tab stored a newer session: that session stands, in both tabs', async () => {
    storeToken('tok-alice');
    mockApi({
      'check-auth': () => {
        storeToken('tok-bob'); // the other tab signed in as Bob while this check ran
        return responses.checkAuth(makeUser({ id: 7, token: 'tok-alice-2' }));
      },
      get_user_details: { success: true, data: makeUser({ id: 9, first_name: 'Bob', token: 'tok-bob' }) },
      get_purchased_competition: { success: true, data: [] },
    });
    await startSession();
    expect(store().user?.id).toBe(9);
    expect(readStoredToken()).toBe('tok-bob');
    expect(accountStore.get(sessionReadyAtom)).toBe(true);
  });
});
