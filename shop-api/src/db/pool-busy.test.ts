// A request that waits out the pool: busy (every connection serving others) or the database not
// answering (connections still being opened) are two different errors.
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/test-database.ts';
import { isPoolBusy, PoolBusyError } from './pool-busy.ts';
import { createPool } from './pool.ts';
import { isDatabaseUnreachable } from './unreachable.ts';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db.drop();
});

describe('a pool whose every connection is busy', () => {
  it('answers a request that waited out connectionTimeoutMillis with PoolBusyError, through query and connect alike', async () => {
    const pool = createPool({ connectionString: db.url, max: 2, connectionTimeoutMillis: 200 }, 'busy-pool');
    const held = [await pool.connect(), await pool.connect()];
    try {
      const byQuery = await pool.query('SELECT 1').then(() => null, (err: unknown) => err);
      expect(byQuery).toBeInstanceOf(PoolBusyError);
      expect((byQuery as Error).message).toBe('[busy-pool] all 2 database connections stayed busy for the whole wait for one');
      expect(isPoolBusy(byQuery)).toBe(true);
      // Code that lets an outage through to the app's 503 lets this through too (its cause is pg-pool's timeout).
      expect(isDatabaseUnreachable(byQuery)).toBe(true);

      const byConnect = await pool.connect().then(() => null, (err: unknown) => err);
      expect(isPoolBusy(byConnect)).toBe(true);
      // Found through a wrapping error's cause, too.
      expect(isPoolBusy(new Error('the order could not be read', { cause: byConnect }))).toBe(true);
    } finally {
      for (const client of held) client.release();
    }
    // Nothing is left counted as busy: the connections serve again.
    expect((await pool.query<{ n: number }>('SELECT 1 AS n')).rows[0]!.n).toBe(1);
    await pool.end();
  });
});

describe('a pool whose connections are still being opened', () => {
  let silent: net.Server;
  let port: number;
  const sockets = new Set<net.Socket>();
  beforeAll(async () => {
    // Accepts connections and never answers: a database host that has stopped responding.
    silent = net.createServer((socket) => {
      sockets.add(socket);
      socket.on('error', () => {});
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    port = (silent.address() as net.AddressInfo).port;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
  });

  it('is not busy: the request queued behind the opening connection gets the unreachable error', async () => {
    const pool = createPool({ connectionString: `postgres://nobody@127.0.0.1:${port}/none`, max: 1, connectionTimeoutMillis: 200 }, 'opening-pool');
    const [opening, queued] = await Promise.all([
      pool.query('SELECT 1').then(() => null, (err: unknown) => err),
      pool.query('SELECT 1').then(() => null, (err: unknown) => err),
    ]);
    for (const err of [opening, queued]) {
      expect(isPoolBusy(err)).toBe(false);
      expect(isDatabaseUnreachable(err)).toBe(true);
    }
    expect((queued as Error).message).toBe('timeout exceeded when trying to connect');
    await pool.end();
  });
});
