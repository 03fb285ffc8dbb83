import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readFeedConfig } from './feed-config.ts';
import { readFeedRules } from './feed-rules-file.ts';
import { createFirebaseFeedWriter } from './firebase-feed-writer.ts';
import { startFirebaseServer } from './firebase-test-server.ts';
import { connectAsVisitor } from './visitor-feed-client.ts';

const record = { main_id: 3, title: 'Win a Tesla', image: '/wp-content/uploads/competitions/tesla.svg', prize: '£50 Cash', user: 'Jamie T.', won_at: 1 };
const DENIED = /permission/i;

/** The local Realtime Database of npm start (firebase-server + database.rules.json) and a signed-out web client on it. */
describe('the local live feed enforces the project\'s rules for a visitor', () => {
  let server: Awaited<ReturnType<typeof startFirebaseServer>>;
  let visitor: ReturnType<typeof connectAsVisitor>;
  beforeEach(async () => {
    server = await startFirebaseServer({ rules: readFeedRules(), data: { instant_wins: { 'win-1': record }, customers: { c1: { email: 'jamie@example.test' } } } });
    visitor = connectAsVisitor(server.host);
  });
  afterEach(async () => {
    await visitor.close();
    await server.close();
  });

  it('reads the feed and deletes a record (what the pop-up does)', async () => {
    const feed = visitor.ref('instant_wins');
    expect((await feed.once('value')).val()).toEqual({ 'win-1': record });
    await feed.child('win-1').remove();
    expect((await feed.once('value')).val()).toBeNull();
  });

  it('cannot create a record, change one, or wipe the feed', async () => {
    const feed = visitor.ref('instant_wins');
    await expect(feed.child('win-fake').set({ ...record, prize: '£1,000,000' })).rejects.toThrow(DENIED);
    await expect(feed.child('win-1').set({ ...record, prize: 'A car' })).rejects.toThrow(DENIED);
    await expect(feed.child('win-1').update({ prize: 'A car' })).rejects.toThrow(DENIED);
    await expect(feed.child('win-1/user').remove()).rejects.toThrow(DENIED);
    await expect(feed.update({ 'win-1': null, 'win-fake': record })).rejects.toThrow(DENIED);
    await expect(feed.remove()).rejects.toThrow(DENIED);
    // Deleting what is not there is no delete: it would be a create of nothing, and is refused.
    await expect(feed.child('win-missing').remove()).rejects.toThrow(DENIED);
    expect((await feed.once('value')).val()).toEqual({ 'win-1': record });
  });

  it('cannot read or write anything beyond the feed', async () => {
    await expect(visitor.ref().once('value')).rejects.toThrow(DENIED);
    await expect(visitor.ref('customers').once('value')).rejects.toThrow(DENIED);
    await expect(visitor.ref('anything').set({ a: 1 })).rejects.toThrow(DENIED);
    await expect(visitor.ref().remove()).rejects.toThrow(DENIED);
  });

  it('still takes the publisher\'s writes (firebase-admin, the admin credential) and shows them to the visitor', async () => {
    const config = readFeedConfig({ RTDB_PORT: String(server.port) });
    if (config.mode !== 'emulator') throw new Error('expected the local database config');
    const writer = createFirebaseFeedWriter(config);
    try {
      await writer.write('win-2', record);
    } finally {
      await writer.close();
    }
    expect((await visitor.ref('instant_wins/win-2').once('value')).val()).toEqual(record);
    // Once published, a visitor may delete it too: the rules see the admin's write.
    await visitor.ref('instant_wins/win-2').remove();
  });
});
