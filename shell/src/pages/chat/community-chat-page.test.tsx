import { emit, encodeSessionToken, SESSION_TOKEN_KEY } from '@cgg/contracts';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetSession, startSessionTracking } from '../../session/session-store.ts';
import { jsonResponse, stubApi } from '../../test/fake-api.ts';
import { renderSite } from '../../test/render-site.tsx';

/** A stand-in EventSource the test pushes server events through. */
class FakeEventSource {
  static last: FakeEventSource | null = null;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  closed = false;
  private readonly listeners = new Map<string, Array<(e: MessageEvent) => void>>();
  constructor(readonly url: string) {
    FakeEventSource.last = this;
  }
  addEventListener(type: string, fn: (e: MessageEvent) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), fn]);
  }
  push(type: string, data: unknown) {
    for (const fn of this.listeners.get(type) ?? []) fn(new MessageEvent(type, { data: JSON.stringify(data) }));
  }
  close() {
    this.closed = true;
  }
}

let stopTracking: () => void;
beforeAll(() => {
  stopTracking = startSessionTracking();
});
afterAll(() => stopTracking());
beforeEach(() => {
  localStorage.clear();
  resetSession();
  vi.stubGlobal('EventSource', FakeEventSource);
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const signIn = () =>
  act(() => emit('account:session-changed', { signedIn: true, user: { id: 7, firstName: 'Sam', displayName: 'Sam J.' } }));

describe('community chat page', () => {
  it('shows messages as text, never as HTML, and asks visitors to log in to post', async () => {
    stubApi();
    renderSite('/community-chat');
    const text = await screen.findByText('<b>Good luck</b> all');
    expect(text.querySelector('b')).toBeNull();
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/auth/login');
    expect(screen.queryByLabelText('Your message')).toBeNull();
  });

  it('keeps the messages a list inside the live log, so each is announced as a list item', async () => {
    stubApi();
    renderSite('/community-chat');
    await screen.findByText('<b>Good luck</b> all');
    const log = screen.getByRole('log', { name: 'Chat messages' });
    const list = within(log).getByRole('list');
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(within(list).getByRole('listitem').textContent).toContain('<b>Good luck</b> all');
  });

  it('adds live messages from the stream and drops removed ones', async () => {
    stubApi();
    renderSite('/community-chat');
    await screen.findByText('<b>Good luck</b> all');
    expect(FakeEventSource.last!.url).toBe('/?rest_route=/api/v1/chat_stream');
    act(() => FakeEventSource.last!.push('message', { id: 2, author: 'Ava P.', message: '<img src=x onerror=alert(1)>', created_at: '2026-11-20T19:01:00.000Z' }));
    const live = await screen.findByText('<img src=x onerror=alert(1)>');
    expect(document.querySelector('.sh-chat__list img')).toBeNull();
    expect(live).toBeTruthy();
    act(() => FakeEventSource.last!.push('removed', { id: 1 }));
    await waitFor(() => expect(screen.queryByText('<b>Good luck</b> all')).toBeNull());
  });

  it('lets a signed-in customer post with the stored token, and shows the limit messages', async () => {
    localStorage.setItem(SESSION_TOKEN_KEY, encodeSessionToken('session-token-1'));
    let answer: Response = jsonResponse({ success: true, data: { id: 5, author: 'Sam J.', message: 'Hello all', created_at: '2026-11-20T19:02:00.000Z' } });
    const calls = stubApi({ chat_post: () => answer });
    renderSite('/community-chat');
    await screen.findByText('<b>Good luck</b> all');
    signIn();
    const box = await screen.findByLabelText('Your message');
    expect(box.getAttribute('maxlength')).toBe('500');
    await userEvent.type(box, 'Hello all');
    expect(screen.getByText('491 characters left')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Hello all')).toBeTruthy();
    expect(calls.find((c) => c.route === 'chat_post')!.body).toEqual({ token: 'session-token-1', message: 'Hello all' });
    answer = jsonResponse({ code: 'rest_chat_rate_limited', message: 'You are sending messages too quickly. Please wait a minute and try again.', data: { status: 429 } }, 429);
    await userEvent.type(box, 'again');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect((await screen.findByRole('alert')).textContent).toBe('You are sending messages too quickly. Please wait a minute and try again.');
  });

  it('gives a customer with a stored session the composer before the account remote has said anything', async () => {
    // The account remote loads late (after the page is idle), or not at all when it is down.
    localStorage.setItem(SESSION_TOKEN_KEY, encodeSessionToken('session-token-1'));
    stubApi();
    renderSite('/community-chat');
    expect(await screen.findByLabelText('Your message')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Log in' })).toBeNull();
    // Its word wins once it comes: a stored token it finds expired is a signed-out visitor.
    act(() => emit('account:session-changed', { signedIn: false, user: null }));
    await waitFor(() => expect(screen.queryByLabelText('Your message')).toBeNull());
    expect(screen.getByRole('link', { name: 'Log in' })).toBeTruthy();
  });

  it('hides the composer again when the account remote says the customer signed out', async () => {
    stubApi();
    renderSite('/community-chat');
    signIn();
    await screen.findByLabelText('Your message');
    act(() => emit('account:session-changed', { signedIn: false, user: null }));
    await waitFor(() => expect(screen.queryByLabelText('Your message')).toBeNull());
  });
});
