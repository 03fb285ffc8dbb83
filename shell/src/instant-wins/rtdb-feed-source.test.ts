import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FeedArrival } from './instant-win-feed-source.ts';
import { KEEPALIVE_MS } from './rtdb-connection.ts';
import { rtdbAddress, rtdbFeedSource } from './rtdb-feed-source.ts';
import { UI_WAIT } from '../test/ui-wait.ts';

/** A WebSocket the test plays the database's side of: what the client sent, and frames to deliver. */
class FakeSocket {
  static all: FakeSocket[] = [];
  sent: string[] = [];
  closed = false;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(text: string) {
    this.sent.push(text);
  }
  close() {
    this.closed = true;
    this.onclose?.();
  }
  frame(message: unknown) {
    this.onmessage?.({ data: typeof message === 'string' ? message : JSON.stringify(message) });
  }
  hello() {
    this.frame({ t: 'c', d: { t: 'h', d: { ts: 1, v: '5', h: 'db.local', s: 'session' } } });
  }
  data(action: 'd' | 'm', p: string, d: unknown) {
    this.frame({ t: 'd', d: { a: action, b: { p, d } } });
  }
  requests() {
    return this.sent.filter((s) => s !== '0').map((s) => (JSON.parse(s) as { d: { r: number; a: string; b: unknown } }).d);
  }
}
const socket = () => FakeSocket.all.at(-1)!;
const config = { databaseURL: 'https://cgg-local.firebaseio.com', path: 'instant_wins', emulator: { host: '127.0.0.1', port: 9200 } };
const win = (user: string) => ({ main_id: 7, title: 'Tesla', image: '/t.svg', prize: '£50', user });

function listen(options = config) {
  const arrivals: FeedArrival[] = [];
  const stop = rtdbFeedSource(options, FakeSocket as unknown as typeof WebSocket)((a) => arrivals.push(a));
  return { arrivals, stop, keys: () => arrivals.map((a) => a.key) };
}

describe('the instant-win feed over the database WebSocket protocol', () => {
  beforeEach(() => {
    FakeSocket.all = [];
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  it('connects to the local database or to the project, in its namespace', () => {
    expect(rtdbAddress(config)).toEqual({ host: '127.0.0.1:9200', secure: false, namespace: 'cgg-local' });
    expect(rtdbAddress({ databaseURL: 'https://shop-default-rtdb.europe-west1.firebasedatabase.app', path: 'x' })).toEqual({
      host: 'shop-default-rtdb.europe-west1.firebasedatabase.app', secure: true, namespace: 'shop-default-rtdb',
    });
    expect(rtdbAddress({ databaseURL: 'http://127.0.0.1:9000?ns=cgg-local', path: 'x' }).namespace).toBe('cgg-local');
    listen();
    expect(socket().url).toBe('ws://127.0.0.1:9200/.ws?v=5&ns=cgg-local');
  });

  it('listens once the server said hello, announces the records already there in key order, then each new one once', () => {
    const { arrivals, keys } = listen();
    expect(socket().sent).toEqual([]);
    socket().hello();
    expect(socket().requests()).toEqual([{ r: 1, a: 'q', b: { p: '/instant_wins', h: '' } }]);
    socket().data('d', 'instant_wins', { '-Nb': win('Bea'), '-Na': win('Ann') });
    expect(keys()).toEqual(['-Na', '-Nb']);
    expect(arrivals[0]!.record).toEqual(win('Ann'));
    socket().data('d', 'instant_wins/-Nc', win('Cy'));
    socket().data('d', 'instant_wins/-Nc', win('Cy'));
    socket().data('m', 'instant_wins', { '-Nd': win('Di'), '-Na': win('Ann') });
    // A change inside a record is not an arrival.
    socket().data('d', 'instant_wins/-Ne/user', 'Eve');
    expect(keys()).toEqual(['-Na', '-Nb', '-Nc', '-Nd']);
  });

  it('deletes a record by writing null at its path, and warns when the server refuses', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { arrivals } = listen();
    socket().hello();
    socket().data('d', '/instant_wins', { '-Na': win('Ann') });
    arrivals[0]!.remove();
    expect(socket().requests()[1]).toEqual({ r: 2, a: 'p', b: { p: '/instant_wins/-Na', d: null } });
    socket().frame({ t: 'd', d: { r: 2, b: { s: 'permission_denied', d: 'Permission denied' } } });
    await vi.waitFor(() => expect(warn).toHaveBeenCalledWith('[shell] could not delete an instant-win record', expect.any(Error)), UI_WAIT);
    warn.mockRestore();
  });

  it('reads a message split over several frames', () => {
    const { keys } = listen();
    socket().hello();
    const text = JSON.stringify({ t: 'd', d: { a: 'd', b: { p: 'instant_wins', d: { '-Na': win('Ann') } } } });
    socket().frame('3');
    socket().frame(text.slice(0, 10));
    socket().frame(text.slice(10, 20));
    expect(keys()).toEqual([]);
    socket().frame(text.slice(20));
    expect(keys()).toEqual(['-Na']);
  });

  it('answers pings, keeps the connection alive, and follows a redirect to another host', () => {
    listen();
    socket().hello();
    socket().frame({ t: 'c', d: { t: 'p', d: {} } });
    expect(socket().sent).toContain(JSON.stringify({ t: 'c', d: { t: 'o', d: {} } }));
    vi.advanceTimersByTime(KEEPALIVE_MS);
    expect(socket().sent.at(-1)).toBe('0');
    const first = socket();
    first.frame({ t: 'c', d: { t: 'r', d: 's-euw1.firebaseio.com' } });
    expect(first.closed).toBe(true);
    vi.advanceTimersByTime(0);
    expect(socket()).not.toBe(first);
    expect(socket().url).toBe('ws://s-euw1.firebaseio.com/.ws?v=5&ns=cgg-local');
  });

  it('reconnects after a drop, listens again and announces only records it has not seen', () => {
    const { keys } = listen();
    socket().hello();
    socket().data('d', 'instant_wins', { '-Na': win('Ann') });
    const first = socket();
    first.close();
    vi.advanceTimersByTime(999);
    expect(FakeSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(socket()).not.toBe(first);
    socket().hello();
    expect(socket().requests()).toEqual([expect.objectContaining({ a: 'q', b: { p: '/instant_wins', h: '' } })]);
    socket().data('d', 'instant_wins', { '-Na': win('Ann'), '-Nb': win('Bea') });
    expect(keys()).toEqual(['-Na', '-Nb']);
  });

  it('sends a delete again after a drop that came before its answer, so the record does not stay for the next visitor', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { arrivals } = listen();
    socket().hello();
    socket().data('d', 'instant_wins', { '-Na': win('Ann') });
    arrivals[0]!.remove();
    const deleteAnn = { a: 'p', b: { p: '/instant_wins/-Na', d: null } };
    expect(socket().requests()).toContainEqual(expect.objectContaining(deleteAnn));
    socket().close();
    vi.advanceTimersByTime(1_000);
    socket().hello();
    const again = socket().requests().find((request) => request.a === 'p');
    expect(again).toEqual(expect.objectContaining(deleteAnn));
    // Sent before the listen: the node read back no longer holds it.
    expect(socket().requests().map((request) => request.a)).toEqual(['p', 'q']);
    socket().frame({ t: 'd', d: { r: again!.r, b: { s: 'ok', d: '' } } });
    // Answered once: a later drop does not send it a third time.
    socket().close();
    vi.advanceTimersByTime(2_000);
    socket().hello();
    expect(socket().requests().map((request) => request.a)).toEqual(['q']);
    await Promise.resolve();
    expect(warn).not.toHaveBeenCalled();
  });

  it('tells the caller of a delete still unanswered when the feed stops for good', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { arrivals, stop } = listen();
    socket().hello();
    socket().data('d', 'instant_wins', { '-Na': win('Ann') });
    arrivals[0]!.remove();
    stop();
    await vi.waitFor(() => expect(warn).toHaveBeenCalledWith('[shell] could not delete an instant-win record', expect.any(Error)), UI_WAIT);
  });

  it('stops for good when unsubscribed', () => {
    const { stop } = listen();
    socket().hello();
    stop();
    expect(socket().closed).toBe(true);
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(1);
  });
});
