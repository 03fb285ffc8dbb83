import type pg from 'pg';
import { fallbackLogger } from '../lib/logger.ts';
import { afterEach, describe, expect, inject, it, vi } from 'vitest';
import { createClient } from '../db/pool.ts';
import { createTestDatabase, type TestDatabase } from '../test/test-database.ts';
import { CHAT_CHANNEL, ChatHub, type ChatEvent } from './chat-hub.ts';
import { eventually } from '../test/eventually.ts';

let db: TestDatabase | undefined;
let hub: ChatHub | undefined;
let admin: pg.PoolClient | undefined;
afterEach(async () => {
  vi.restoreAllMocks();
  await hub?.close();
  admin?.release();
  await db?.drop();
  db = hub = admin = undefined;
});

const APP = 'chat-hub-test';
const removal = (id: number) => admin!.query('SELECT pg_notify($1, $2)', [CHAT_CHANNEL, JSON.stringify({ type: 'removed', id })]);
const listenerPids = async () =>
  (await admin!.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE application_name = $1', [APP])).rows.map((r) => r.pid);
const kill = async () => {
  const pids = await listenerPids();
  expect(pids).toHaveLength(1);
  await admin!.query('SELECT pg_terminate_backend($1)', [pids[0]]);
  return pids[0]!;
};

/** Notifies until the hub hears one (what is sent while it is not listening is lost). */
async function heardAgain(events: ChatEvent[], id: number): Promise<void> {
  await vi.waitFor(
    async () => {
      await removal(id);
      expect(events).toContainEqual({ type: 'removed', id });
    },
    { timeout: 15_000, interval: 250 },
  );
}

async function start() {
  db = await createTestDatabase();
  admin = await db.pool.connect();
  hub = new ChatHub({ connectionString: db.url, application_name: APP });
  const events: ChatEvent[] = [];
  const streamEnded = vi.fn();
  await hub.subscribe((e) => events.push(e), streamEnded);
  await removal(1);
  await eventually(() => expect(events).toContainEqual({ type: 'removed', id: 1 }));
  return { events, streamEnded };
}

describe('chat hub LISTEN connection', () => {
  it('survives losing it: logs, ends the open streams (browsers reconnect and catch up) and listens again', async () => {
    const logged = vi.spyOn(fallbackLogger(), 'error').mockImplementation(() => {});
    const { events, streamEnded } = await start();
    const before = await kill();

    await eventually(() => expect(streamEnded).toHaveBeenCalledTimes(1));
    expect(logged).toHaveBeenCalledWith(expect.stringMatching(/^\[shop-api chat listener\] lost a database connection \(57P01\)/));
    await heardAgain(events, 2);
    expect(await listenerPids()).not.toContain(before);
  });

  it('keeps trying while the database refuses connections, and listens once it accepts them again', async () => {
    vi.spyOn(fallbackLogger(), 'error').mockImplementation(() => {});
    const { events } = await start();
    const name = new URL(db!.url).pathname.slice(1);
    // A database cannot refuse connections to itself: that is said from the server's own database.
    const server = createClient({ connectionString: inject('pgAdminUrl') }, 'test admin');
    await server.connect();
    await server.query(`ALTER DATABASE ${name} WITH ALLOW_CONNECTIONS false`);
    try {
      await kill();
      // Retries every second: at least two attempts fail here.
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      expect(await listenerPids()).toEqual([]);
    } finally {
      await server.query(`ALTER DATABASE ${name} WITH ALLOW_CONNECTIONS true`);
      await server.end();
    }
    await heardAgain(events, 3);
  });

  it('says nothing when it is closed', async () => {
    const logged = vi.spyOn(fallbackLogger(), 'error').mockImplementation(() => {});
    await start();
    await hub!.close();
    hub = undefined;
    await eventually(async () => expect(await listenerPids()).toEqual([]));
    expect(logged).not.toHaveBeenCalled();
  });
});
