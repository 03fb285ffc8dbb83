import { afterEach, describe, expect, it, vi } from 'vitest';
import { fallbackLogger } from '../lib/logger.ts';
import { createTestDatabase, type TestDatabase } from '../test/test-database.ts';
import { createClient, createPool } from './pool.ts';
import { eventually } from '../test/eventually.ts';

let db: TestDatabase | undefined;
afterEach(async () => {
  vi.restoreAllMocks();
  await db?.drop();
  db = undefined;
});

const terminate = (pid: number) => db!.pool.query('SELECT pg_terminate_backend($1)', [pid]);

describe('a pool that loses connections', () => {
  it('logs an idle connection killed by the server, survives, and serves the next query on a new one', async () => {
    db = await createTestDatabase();
    const logged = vi.spyOn(fallbackLogger(), 'error').mockImplementation(() => {});
    const pool = createPool({ connectionString: db.url, max: 1 }, 'test-pool');
    try {
      const before = (await pool.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;
      await terminate(before);
      // 57P01: what an operator's pg_terminate_backend or a server shutdown sends.
      await eventually(() => expect(logged).toHaveBeenCalledWith(expect.stringMatching(/^\[test-pool\] lost a database connection \(57P01\)/)));
      const after = (await pool.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;
      expect(after).not.toBe(before);
    } finally {
      await pool.end();
    }
  });

  it('a checked-out connection killed between queries is logged, not thrown at the process', async () => {
    db = await createTestDatabase();
    const logged = vi.spyOn(fallbackLogger(), 'error').mockImplementation(() => {});
    const pool = createPool({ connectionString: db.url, max: 1 }, 'test-pool');
    try {
      const client = await pool.connect();
      const pid = (await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;
      await terminate(pid);
      await eventually(() => expect(logged).toHaveBeenCalledWith(expect.stringMatching(/lost a database connection/)));
      await expect(client.query('SELECT 1')).rejects.toThrow();
      client.release(true);
      expect((await pool.query<{ n: number }>('SELECT 1 AS n')).rows[0]!.n).toBe(1);
    } finally {
      await pool.end();
    }
  });

  it('says nothing about connections closed while the pool itself is closing', async () => {
    db = await createTestDatabase();
    const logged = vi.spyOn(fallbackLogger(), 'error').mockImplementation(() => {});
    const pool = createPool({ connectionString: db.url, max: 2 }, 'test-pool');
    await pool.query('SELECT 1');
    await pool.end();
    expect(logged).not.toHaveBeenCalled();
  });
});

describe('a single client that loses its connection', () => {
  it('logs it under its label and tells its owner, instead of an unhandled error', async () => {
    db = await createTestDatabase();
    const logged = vi.spyOn(fallbackLogger(), 'error').mockImplementation(() => {});
    const lost = vi.fn();
    const client = createClient({ connectionString: db.url }, 'test-client', lost);
    await client.connect();
    try {
      const pid = (await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;
      await terminate(pid);
      await eventually(() => expect(lost).toHaveBeenCalledWith(expect.objectContaining({ code: '57P01' })));
      expect(logged).toHaveBeenCalledWith(expect.stringMatching(/^\[test-client\] lost a database connection \(57P01\)/));
    } finally {
      await client.end().catch(() => {});
    }
  });

  it('says nothing when its owner closes it', async () => {
    db = await createTestDatabase();
    const logged = vi.spyOn(fallbackLogger(), 'error').mockImplementation(() => {});
    const lost = vi.fn();
    const client = createClient({ connectionString: db.url }, 'test-client', lost);
    await client.connect();
    await client.end();
    expect(logged).not.toHaveBeenCalled();
    expect(lost).not.toHaveBeenCalled();
  });
});
