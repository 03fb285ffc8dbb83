import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFeedRules } from './feed-rules-file.ts';
import { startFirebaseServer } from './firebase-test-server.ts';

interface RawSocket {
  on(event: 'message', listener: (data: Buffer) => void): void;
  once(event: 'open' | 'error', listener: (arg?: unknown) => void): void;
  send(data: string): void;
  close(): void;
}
// The WebSocket client of firebase-server's own dependencies: it lets the test set the Origin header as a browser would.
const WebSocket = createRequire(createRequire(import.meta.url).resolve('firebase-server'))('ws') as new (url: string, options: { origin?: string }) => RawSocket;

/**
 * The Realtime Database wire protocol by hand: sign in with `cred`, then create a fake win.
 * Returns the server's status for the write ('ok' or 'permission_denied').
 */
async function signInAndCreateWin(host: string, cred: string, origin?: string): Promise<string> {
  const ws = new WebSocket(`ws://${host}/.ws?v=5&ns=cgg-local`, origin ? { origin } : {});
  const answers = new Map<number, (status: string) => void>();
  ws.on('message', (data) => {
    const text = data.toString();
    if (!text.startsWith('{')) return; // a frame count
    const message = JSON.parse(text) as { t: string; d: { r?: number; b?: { s?: string } } };
    if (message.t === 'd' && message.d.r !== undefined) answers.get(message.d.r)?.(message.d.b?.s ?? '');
  });
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  const request = (r: number, action: string, body: object) =>
    new Promise<string>((resolve) => {
      answers.set(r, resolve);
      ws.send(JSON.stringify({ t: 'd', d: { r, a: action, b: body } }));
    });
  try {
    expect(await request(1, 'auth', { cred })).toBe('ok');
    return await request(2, 'p', { p: '/instant_wins/win-fake', d: { prize: '£1,000,000', user: 'Nobody' } });
  } finally {
    ws.close();
  }
}

describe('the admin credential on the local live feed', () => {
  let server: Awaited<ReturnType<typeof startFirebaseServer>>;
  beforeAll(async () => {
    server = await startFirebaseServer({ rules: readFeedRules(), data: { instant_wins: {} } });
  });
  afterAll(() => server?.close());

  it('writes from a server process (firebase-admin sends no Origin)', async () => {
    expect(await signInAndCreateWin(server.host, 'owner')).toBe('ok');
  });

  it('is only a visitor from a web page (a browser always sends Origin), even with the secret', async () => {
    expect(await signInAndCreateWin(server.host, 'owner', 'https://evil.example')).toBe('permission_denied');
    expect(await signInAndCreateWin(server.host, 'owner', 'http://localhost:3000')).toBe('permission_denied');
  });
});
