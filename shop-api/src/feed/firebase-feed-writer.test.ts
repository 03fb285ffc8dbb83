import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getDatabase } from 'firebase-admin/database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFeedConfig } from './feed-config.ts';
import { createFirebaseFeedWriter } from './firebase-feed-writer.ts';
import { startFirebaseServer } from './firebase-test-server.ts';

const record = { main_id: 3, title: 'Win a Tesla', image: '/wp-content/uploads/competitions/tesla.svg', prize: '£50 Cash', user: 'Jamie T.', won_at: 1 };

describe('firebase-admin writer against the local Realtime Database (firebase-server)', () => {
  let server: Awaited<ReturnType<typeof startFirebaseServer>>;
  beforeAll(async () => {
    server = await startFirebaseServer();
  });
  afterAll(() => server?.close());

  it('writes each record at its key under the feed node, and a retry overwrites', async () => {
    const config = readFeedConfig({ RTDB_PORT: String(server.port) });
    if (config.mode !== 'emulator') throw new Error('expected the emulator config');
    const writer = createFirebaseFeedWriter(config);
    await writer.write('win-000000000007', record);
    await writer.write('win-000000000007', record);

    // Read back as a listener would (onChildAdded; firebase-server answers no get()).
    const app = initializeApp({ databaseURL: config.databaseUrl, projectId: 'reader' }, 'reader');
    const seen = await new Promise<Record<string, unknown>>((resolve) => {
      const all: Record<string, unknown> = {};
      getDatabase(app).ref('instant_wins').on('value', (snap) => {
        Object.assign(all, snap.val());
        if (snap.exists()) resolve(all);
      });
    });
    expect(seen).toEqual({ 'win-000000000007': record });
    await deleteApp(app);
    await writer.close();
  });

  it('refuses at once (no silent queueing) when the database is down', async () => {
    const writer = createFirebaseFeedWriter(readFeedConfig({ FIREBASE_DATABASE_EMULATOR_HOST: '127.0.0.1:1', RTDB_NAMESPACE: 'cgg-local' }) as never, 2000);
    await expect(writer.write('win-1', record)).rejects.toThrow(/not connected/);
    await writer.close();
  });
});

describe('readFeedConfig', () => {
  it('picks a real project, the local database, or off', () => {
    expect(readFeedConfig({ FIREBASE_DATABASE_URL: 'https://cgg-prod-default-rtdb.europe-west1.firebasedatabase.app' })).toMatchObject({ mode: 'firebase', path: 'instant_wins' });
    expect(readFeedConfig({ RTDB_PORT: '9100' })).toEqual({ mode: 'emulator', path: 'instant_wins', host: '127.0.0.1:9100', namespace: 'cgg-local', databaseUrl: 'http://127.0.0.1:9100?ns=cgg-local' });
    expect(readFeedConfig({ FIREBASE_DATABASE_EMULATOR_HOST: 'rtdb:9000', RTDB_NAMESPACE: 'shop', INSTANT_WIN_FEED_PATH: '/live/wins/' })).toMatchObject({ mode: 'emulator', path: 'live/wins', databaseUrl: 'http://rtdb:9000?ns=shop' });
    expect(readFeedConfig({})).toEqual({ mode: 'off', path: 'instant_wins' });
    expect(() => readFeedConfig({ FIREBASE_DATABASE_URL: 'http://insecure.example' })).toThrow(/https/);
  });
});
