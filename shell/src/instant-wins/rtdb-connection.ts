/**
 * A Realtime Database connection speaking the database's own WebSocket protocol (v5, the
 * one the firebase SDK, firebase-server and Firebase's servers speak), for the few things the
 * pop-up does: listen to one node and delete a record. The whole firebase SDK was 44 KB gzip
 * for that; this is about 1.5 KB. The feed's rules let anyone read the node and delete a
 * record that exists (shop-api/firebase/database.rules.json), so no sign-in is involved.
 *
 * What it handles of the protocol: the server's hello (requests wait for it), a redirect to
 * another host, a server ping, a message split over several frames (a frame holding only the
 * frame count comes first), a keep-alive frame every 45 s, and reconnecting after a drop (1 s,
 * doubling to 30 s) with the listens made again and the writes left unanswered sent again.
 * Messages in and out:
 *   out  {t:'d', d:{r, a:'q'|'p', b:{p, h}|{p, d}}}      listen / put
 *   in   {t:'d', d:{r, b:{s:'ok'|error, d}}}             answer to request r
 *   in   {t:'d', d:{a:'d'|'m', b:{p, d}}}                data at a path / merge of children
 *   in   {t:'c', d:{t:'h'|'r'|'p'|'s', d}}               hello, redirect, ping, shutdown
 */

export interface RtdbAddress {
  /** host[:port] of the WebSocket. */
  host: string;
  secure: boolean;
  namespace: string;
}

export interface RtdbDataMessage {
  action: 'd' | 'm';
  /** Slash-separated, no leading slash. */
  path: string;
  data: unknown;
}

type Frame = { t: 'c'; d: { t: string; d?: unknown } } | { t: 'd'; d: { r?: number; a?: string; b?: { s?: string; d?: unknown; p?: string } } };

export interface RtdbConnection {
  /** Listens to `path` (made again after each reconnect); data arrives through `onData`. */
  listen(path: string): void;
  /** Writes `value` at `path` (null deletes); resolves once the server accepted it. */
  put(path: string, value: unknown): Promise<void>;
  close(): void;
}

export const KEEPALIVE_MS = 45_000;
const FIRST_RETRY_MS = 1_000;
const MAX_RETRY_MS = 30_000;

const trimSlashes = (path: string) => path.replace(/^\/+|\/+$/g, '');

export function connectRtdb(
  address: RtdbAddress,
  onData: (message: RtdbDataMessage) => void,
  WebSocketImpl: typeof WebSocket = WebSocket,
): RtdbConnection {
  const listens = new Set<string>();
  const answers = new Map<number, (status: string, data: unknown) => void>();
  // Writes not answered yet, sent or not, by request number. A connection that drops takes their
  // answers with it: they are sent again on the next one. The pop-up's only write is a delete,
  // which may safely be made twice; dropped, the record stayed and a later visitor saw an old win
  // as new (and the caller's promise never settled).
  const unansweredWrites = new Map<number, string>();
  // Requests waiting for the server's hello; listens are made again on each connection.
  let queue: string[] = [];
  let nextRequest = 1;
  let host = address.host;
  let socket: WebSocket | null = null;
  let ready = false;
  let closed = false;
  let retryMs = FIRST_RETRY_MS;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let keepAlive: ReturnType<typeof setInterval> | undefined;
  // A message split over several frames: how many are still to come, and those read so far.
  let framesLeft = 0;
  let frames: string[] = [];

  const sendNow = (text: string) => socket?.send(text);
  const request = (action: 'q' | 'p', body: object, onAnswer?: (status: string, data: unknown) => void) => {
    const r = nextRequest++;
    if (onAnswer) answers.set(r, onAnswer);
    const text = JSON.stringify({ t: 'd', d: { r, a: action, b: body } });
    if (action === 'p') unansweredWrites.set(r, text);
    if (ready) sendNow(text);
    else queue.push(text);
  };

  function handle(frame: Frame) {
    if (frame.t === 'c') {
      const control = frame.d;
      if (control.t === 'h') {
        ready = true;
        retryMs = FIRST_RETRY_MS;
        for (const text of queue) sendNow(text);
        queue = [];
      } else if (control.t === 'r' && typeof control.d === 'string') {
        // Served from another host: reconnect there at once.
        host = control.d;
        retryMs = 0;
        socket?.close();
      } else if (control.t === 'p') {
        sendNow(JSON.stringify({ t: 'c', d: { t: 'o', d: {} } }));
      } else if (control.t === 's') {
        console.warn('[shell] the instant-win feed server shut the connection down', control.d);
        close();
      }
      return;
    }
    const { r, a, b } = frame.d;
    if (typeof r === 'number') {
      unansweredWrites.delete(r);
      answers.get(r)?.(b?.s ?? 'ok', b?.d);
      answers.delete(r);
    } else if ((a === 'd' || a === 'm') && b && typeof b.p === 'string') {
      onData({ action: a, path: trimSlashes(b.p), data: b.d ?? null });
    }
  }

  function receive(text: string) {
    if (framesLeft === 0 && text.length <= 6 && /^\d+$/.test(text)) {
      framesLeft = Number(text);
      frames = [];
      return;
    }
    if (framesLeft > 0) {
      frames.push(text);
      framesLeft -= 1;
      if (framesLeft > 0) return;
      text = frames.join('');
      frames = [];
    }
    handle(JSON.parse(text) as Frame);
  }

  function open() {
    ready = false;
    framesLeft = 0;
    // Writes not answered on the last connection (queued or sent) go first, in their order, then the listens.
    queue = [...unansweredWrites.values()];
    for (const path of listens) request('q', { p: `/${path}`, h: '' });
    const ws = new WebSocketImpl(`${address.secure ? 'wss' : 'ws'}://${host}/.ws?v=5&ns=${encodeURIComponent(address.namespace)}`);
    socket = ws;
    ws.onmessage = (event: MessageEvent) => {
      try {
        receive(String(event.data));
      } catch (error) {
        console.warn('[shell] unreadable instant-win feed message', error);
      }
    };
    ws.onclose = () => {
      if (socket !== ws) return;
      socket = null;
      ready = false;
      clearInterval(keepAlive);
      if (closed) return;
      retryTimer = setTimeout(open, retryMs);
      retryMs = Math.min(Math.max(retryMs * 2, FIRST_RETRY_MS), MAX_RETRY_MS);
    };
    clearInterval(keepAlive);
    // The server drops a connection that stays silent; '0' is the protocol's keep-alive frame.
    keepAlive = setInterval(() => ready && sendNow('0'), KEEPALIVE_MS);
  }

  function close() {
    closed = true;
    clearTimeout(retryTimer);
    clearInterval(keepAlive);
    const ws = socket;
    socket = null;
    ws?.close();
    // Closed for good: what is still unanswered never will be, so its callers are told.
    unansweredWrites.clear();
    for (const answer of answers.values()) answer('closed', 'the connection was closed before the server answered');
    answers.clear();
  }

  open();
  return {
    listen(path) {
      const p = trimSlashes(path);
      listens.add(p);
      request('q', { p: `/${p}`, h: '' });
    },
    put(path, value) {
      return new Promise((resolve, reject) => {
        request('p', { p: `/${trimSlashes(path)}`, d: value }, (status, data) =>
          status === 'ok' ? resolve() : reject(new Error(`${status}: ${typeof data === 'string' ? data : JSON.stringify(data)}`)),
        );
      });
    },
    close,
  };
}
