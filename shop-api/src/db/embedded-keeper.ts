import { fallbackLogger } from '../lib/logger.ts';
import type { ChildProcess } from 'node:child_process';

/** A server process that can be started again after it died (the embedded PostgreSQL). */
export interface CrashableServer {
  /** The process of the last start, if any. */
  process(): ChildProcess | undefined;
  /** Starts it again; rejects when it exits before it is ready. */
  start(): Promise<void>;
}

export interface KeeperOptions {
  /** First delay after a crash; it doubles with every crash in a row, up to maxDelayMs. */
  initialDelayMs?: number;
  maxDelayMs?: number;
  /** A server up this long before it crashed counts as healthy again: the next delay is the first one. */
  stableAfterMs?: number;
  log?: (line: string) => void;
  /** Told after every restart that worked (tests wait for it). */
  onRestarted?: (pid: number | undefined) => void;
}

export interface Keeper {
  /** No more restarts: called before the owner stops the server on purpose. */
  stop(): void;
}

/**
 * Restarts the embedded PostgreSQL when its process dies (killed, crashed, out of memory),
 * with a delay doubling from 0.5 s to 10 s while it keeps failing, and never gives up: the
 * API answers 503 with Retry-After meanwhile (src/http/database-unavailable.ts) and its pool
 * reconnects by itself once the server is back. Whatever started the server restarts it:
 * the API process owns it (docs/decisions.md#the-site-keeps-running), and the API is in
 * turn restarted by `npm start`'s supervisor.
 */
export function keepRestarting(server: CrashableServer, options: KeeperOptions = {}): Keeper {
  const initialDelayMs = options.initialDelayMs ?? 500;
  const maxDelayMs = options.maxDelayMs ?? 10_000;
  const stableAfterMs = options.stableAfterMs ?? 30_000;
  const log = options.log ?? ((line: string) => fallbackLogger().warn(line));
  let stopped = false;
  let crashesInARow = 0;
  let timer: NodeJS.Timeout | undefined;

  const watch = (startedAt: number) => {
    const child = server.process();
    if (!child) return;
    child.once('exit', (code, signal) => {
      if (stopped) return;
      if (Date.now() - startedAt >= stableAfterMs) crashesInARow = 0;
      log(`[shop-api] embedded PostgreSQL (pid ${child.pid}) exited (${signal ?? `code ${code}`}); restarting`);
      scheduleRestart();
    });
  };

  const scheduleRestart = () => {
    crashesInARow += 1;
    const delay = Math.min(initialDelayMs * 2 ** (crashesInARow - 1), maxDelayMs);
    log(`[shop-api] embedded PostgreSQL restart ${crashesInARow} in ${delay} ms`);
    timer = setTimeout(() => void restart(), delay);
  };

  const restart = async () => {
    if (stopped) return;
    const startedAt = Date.now();
    try {
      await server.start();
    } catch (err) {
      if (stopped) return;
      // Typically the old server's backends still hold its shared memory for a moment.
      log(`[shop-api] embedded PostgreSQL did not start again${err instanceof Error ? `: ${err.message}` : ''}`);
      scheduleRestart();
      return;
    }
    if (stopped) return;
    const pid = server.process()?.pid;
    log(`[shop-api] embedded PostgreSQL restarted (pid ${pid})`);
    watch(startedAt);
    options.onRestarted?.(pid);
  };

  watch(Date.now());
  return {
    stop: () => {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
