// The API's embedded PostgreSQL is started again by the API when its process dies (issue 14).
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { chmod, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { keepRestarting, type Keeper } from './embedded-keeper.ts';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './embedded.ts';
import { createPool } from './pool.ts';
import { freePort } from '../test/free-port.ts';

/** A stand-in server: a process that runs until killed; `failNext` makes the next starts fail. */
function fakeServer() {
  let child: ChildProcess | undefined;
  const server = {
    starts: 0,
    failNext: 0,
    process: () => child,
    start: async () => {
      server.starts += 1;
      if (server.failNext > 0) {
        server.failNext -= 1;
        throw new Error('port in use');
      }
      child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
      await once(child, 'spawn');
    },
  };
  return server;
}

const keepers: Keeper[] = [];
const children: (() => ChildProcess | undefined)[] = [];
afterEach(() => {
  keepers.splice(0).forEach((k) => k.stop());
  children.splice(0).forEach((c) => c()?.kill('SIGKILL'));
});

/** Resolves with the pid of each restart, in order. */
function restarts() {
  const seen: (number | undefined)[] = [];
  const waiting: (() => void)[] = [];
  return {
    onRestarted: (pid: number | undefined) => {
      seen.push(pid);
      waiting.splice(0).forEach((w) => w());
    },
    next: (n: number) => new Promise<number | undefined>((resolve) => {
      const check = () => (seen.length >= n ? resolve(seen[n - 1]) : waiting.push(check));
      check();
    }),
  };
}

describe('keepRestarting', () => {
  it('starts a killed server again, and again after each crash', async () => {
    const server = fakeServer();
    await server.start();
    children.push(server.process);
    const lines: string[] = [];
    const r = restarts();
    keepers.push(keepRestarting(server, { initialDelayMs: 5, log: (l) => lines.push(l), onRestarted: r.onRestarted }));

    const first = server.process()!;
    first.kill('SIGKILL');
    const pid1 = await r.next(1);
    expect(pid1).not.toBe(first.pid);
    server.process()!.kill('SIGTERM');
    expect(await r.next(2)).not.toBe(pid1);
    expect(lines.some((l) => l.includes(`(pid ${first.pid}) exited (SIGKILL); restarting`))).toBe(true);
    expect(lines.some((l) => l.includes('exited (SIGTERM)'))).toBe(true);
  });

  it('doubles the delay while starts keep failing, up to the maximum, and never gives up', async () => {
    const server = fakeServer();
    await server.start();
    children.push(server.process);
    server.failNext = 5;
    const lines: string[] = [];
    const r = restarts();
    keepers.push(keepRestarting(server, { initialDelayMs: 2, maxDelayMs: 16, log: (l) => lines.push(l), onRestarted: r.onRestarted }));
    server.process()!.kill('SIGKILL');
    await r.next(1);
    expect(server.starts).toBe(1 + 6);
    const delays = lines.flatMap((l) => l.match(/restart \d+ in (\d+) ms/)?.[1] ?? []).map(Number);
    expect(delays).toEqual([2, 4, 8, 16, 16, 16]);
    expect(lines.filter((l) => l.includes('did not start again: port in use'))).toHaveLength(5);
  });

  it('restarts nothing once stopped (the owner stops the server on purpose)', async () => {
    const server = fakeServer();
    await server.start();
    const lines: string[] = [];
    const keeper = keepRestarting(server, { initialDelayMs: 1, log: (l) => lines.push(l) });
    keeper.stop();
    const child = server.process()!;
    child.kill('SIGKILL');
    // The keeper's exit listener was added before this one: it has run, and scheduled nothing.
    await once(child, 'exit');
    expect(lines).toEqual([]);
    expect(server.starts).toBe(1);
  });
});

describe('the embedded PostgreSQL', () => {
  let dir: string | undefined;
  let embedded: EmbeddedDatabase | undefined;
  afterEach(async () => {
    await embedded?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
    embedded = undefined;
    dir = undefined;
  });

  it('comes back after its postmaster is killed, and the same pool serves again', { timeout: 60_000 }, async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'cgg-keeper-test-'));
    await chmod(dir, 0o755);
    const r = restarts();
    embedded = await startEmbeddedPostgres({
      dataDir: path.join(dir, 'pg'),
      port: await freePort(),
      database: 'postgres',
      restartOnCrash: { initialDelayMs: 50, log: () => {}, onRestarted: r.onRestarted },
    });
    const pool = createPool({ connectionString: embedded.url, max: 2 }, 'keeper-test');
    const muted = console.error;
    console.error = () => {};
    try {
      const before = (await pool.query<{ started: Date }>('SELECT pg_postmaster_start_time() AS started')).rows[0]!.started;
      const pid = Number((await readFile(path.join(dir, 'pg', 'postmaster.pid'), 'utf8')).split('\n')[0]);
      process.kill(pid, 'SIGKILL');
      await r.next(1);
      // The pool drops the connections the crash cut (a query may still meet one) and opens new ones.
      const after = await vi.waitFor(async () => (await pool.query<{ started: Date }>('SELECT pg_postmaster_start_time() AS started')).rows[0]!.started, { timeout: 10_000, interval: 50 });
      expect(after.getTime()).toBeGreaterThan(before.getTime());
    } finally {
      console.error = muted;
      await pool.end();
    }
  });
});
