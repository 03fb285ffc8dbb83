// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from './html-document.mjs';
import { feedConnectOrigins, runtimeConfig } from './runtime-config.mjs';

describe('runtime-config.json', () => {
  it('points the pop-up at the local database by default (wss databaseURL + emulator host/port)', () => {
    expect(runtimeConfig({ RTDB_PORT: '9100' })).toEqual({
      instantWinFeed: { databaseURL: 'https://cgg-local.firebaseio.com', path: 'instant_wins', emulator: { host: '127.0.0.1', port: 9100 } },
    });
    expect(feedConnectOrigins({ RTDB_PORT: '9100' })).toEqual(['ws://127.0.0.1:9100']);
    expect(contentSecurityPolicy('n', { RTDB_PORT: '9100' })).toMatch(/connect-src [^;]*ws:\/\/127\.0\.0\.1:9100/);
  });

  it('points it at a real Firebase project from FIREBASE_DATABASE_URL, or switches it off', () => {
    const env = { FIREBASE_DATABASE_URL: 'https://cgg-prod-default-rtdb.europe-west1.firebasedatabase.app', FIREBASE_PROJECT_ID: 'cgg-prod' };
    expect(runtimeConfig(env).instantWinFeed).toEqual({ databaseURL: env.FIREBASE_DATABASE_URL, path: 'instant_wins', projectId: 'cgg-prod' });
    expect(feedConnectOrigins(env)).toEqual([]);
    expect(contentSecurityPolicy('n', env)).toMatch(/connect-src [^;]*wss:\/\/\*\.firebasedatabase\.app/);
    expect(runtimeConfig({ INSTANT_WIN_FEED: 'off' }).instantWinFeed).toBeNull();
  });
});
