import type pg from 'pg';
import { fallbackLogger } from '../lib/logger.ts';
import { createClient } from '../db/pool.ts';
import { claimDuePublications, FEED_CHANNEL, giveUpStale, markFailed, markPublished } from './feed-outbox.ts';
import { feedKey, type FeedRecord } from './feed-record.ts';

/** Where records go: the Realtime Database in production, a fake in tests. */
export interface FeedWriter {
  /** Writes one record at `key` under the feed node; rejects when the feed cannot take it now. */
  write(key: string, record: FeedRecord): Promise<void>;
  close(): Promise<void>;
}

export interface FeedPublisherOptions {
  pool: pg.Pool;
  writer: FeedWriter;
  /** Connection for LISTEN (wakes the publisher the moment a checkout commits); null: poll only. */
  listen?: pg.ClientConfig | null;
  /** Fallback poll (and retry) cadence. */
  pollMs?: number;
  batchSize?: number;
  /** How long a claimed row stays ours before another instance may retry it. */
  leaseMs?: number;
  /** Retry delay after failure n (1-based): doubling from 1 s, capped. */
  backoffMs?: (attempt: number) => number;
  /** A win not published within this age is no longer announced as "just won". */
  maxAgeMs?: number;
  log?: (message: string) => void;
}

/**
 * One relay at a time across instances (a session advisory lock held for each pass): the
 * outbox is published oldest first by one writer, so the feed keeps the order of the wins.
 * Every instance LISTENs, so the holder hears each new win too and runs again.
 */
export const FEED_RELAY_LOCK_KEY = 0x63676701;

export const defaultBackoffMs = (attempt: number): number => Math.min(60_000, 1000 * 2 ** Math.max(0, attempt - 1));

/**
 * Publishes the instant-win outbox to the live feed, after the checkout committed and
 * outside its request: a feed that is down never slows or fails a checkout. One instance
 * relays at a time (FEED_RELAY_LOCK_KEY), woken by NOTIFY at commit, so the latency is a
 * round trip, not a poll; it is not a job-queue job for that reason. Each row
 * is claimed with a lease (a relay that dies mid-publish loses it), written at a
 * deterministic key (a retry overwrites, never duplicates), then marked published;
 * a failure is logged and retried with backoff.
 */
export class FeedPublisher {
  private readonly pollMs: number;
  private readonly batchSize: number;
  private readonly leaseMs: number;
  private readonly backoffMs: (attempt: number) => number;
  private readonly maxAgeMs: number;
  private readonly log: (message: string) => void;
  private timer: NodeJS.Timeout | null = null;
  private listener: pg.Client | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;

  constructor(private readonly options: FeedPublisherOptions) {
    this.pollMs = options.pollMs ?? 2000;
    this.batchSize = options.batchSize ?? 20;
    this.leaseMs = options.leaseMs ?? 30_000;
    this.backoffMs = options.backoffMs ?? defaultBackoffMs;
    this.maxAgeMs = options.maxAgeMs ?? 30 * 60_000;
    this.log = options.log ?? ((m) => fallbackLogger().warn({ component: 'instant-win feed' }, m));
  }

  /** Starts polling and listening; resolves once LISTEN is up (or has failed and polling carries on). */
  start(): Promise<void> {
    this.timer = setInterval(() => this.kick(), this.pollMs);
    this.timer.unref();
    this.kick();
    return this.options.listen ? this.listen(this.options.listen) : Promise.resolve();
  }

  /** Runs a pass now (or right after the current one). */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain()
      .catch((err: unknown) => this.log(`pass failed: ${err instanceof Error ? err.message : String(err)}`))
      .finally(() => {
        this.running = null;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  private async drain(): Promise<void> {
    // Keep going while full batches come back, so a burst is not paced by the poll.
    while (!this.stopped && (await this.publishDue()).claimed === this.batchSize);
  }

  /** One pass, if no other instance is relaying: set aside stale rows, then claim, write and mark what is due. */
  async publishDue(): Promise<{ claimed: number; published: number; failed: number; gaveUp: number; relayed: boolean }> {
    const lockHolder = await this.options.pool.connect();
    let lost: Error | undefined;
    try {
      const { rows } = await lockHolder.query<{ got: boolean }>('SELECT pg_try_advisory_lock($1) AS got', [FEED_RELAY_LOCK_KEY]);
      if (!rows[0]!.got) return { claimed: 0, published: 0, failed: 0, gaveUp: 0, relayed: false };
      try {
        return { ...(await this.publishDueLocked()), relayed: true };
      } finally {
        await lockHolder.query('SELECT pg_advisory_unlock($1)', [FEED_RELAY_LOCK_KEY]).catch((err: Error) => {
          lost = err; // the connection is gone, and the lock with it: do not hand it back to the pool
        });
      }
    } finally {
      lockHolder.release(lost);
    }
  }

  private async publishDueLocked(): Promise<{ claimed: number; published: number; failed: number; gaveUp: number }> {
    const { pool, writer } = this.options;
    const stale = await giveUpStale(pool, this.maxAgeMs);
    if (stale.length > 0) this.log(`gave up on ${stale.length} win(s) older than ${Math.round(this.maxAgeMs / 60_000)} min (outbox ids ${stale.join(', ')})`);
    const due = await claimDuePublications(pool, this.batchSize, this.leaseMs);
    let published = 0;
    let failed = 0;
    for (const row of due) {
      try {
        await writer.write(feedKey(row.id), row.record);
        await markPublished(pool, row.id);
        published++;
      } catch (err) {
        failed++;
        const delay = this.backoffMs(row.attempts);
        const message = err instanceof Error ? err.message : String(err);
        this.log(`publishing outbox row ${row.id} failed (attempt ${row.attempts}, retry in ${Math.round(delay / 1000)} s): ${message}`);
        await markFailed(pool, row.id, delay, message);
      }
    }
    return { claimed: due.length, published, failed, gaveUp: stale.length };
  }

  private async listen(config: pg.ClientConfig): Promise<void> {
    const client = createClient(config, 'shop-api instant-win feed listener', () => {
      if (this.listener !== client) return; // still connecting: the catch below retries
      // The poll keeps publishing; try to listen again a little later.
      this.log('LISTEN connection lost; polling until it is back');
      this.listener = null;
      client.end().catch(() => {});
      if (!this.stopped) setTimeout(() => void this.listen(config), this.pollMs).unref();
    });
    client.on('notification', (n) => n.channel === FEED_CHANNEL && this.kick());
    try {
      await client.connect();
      await client.query(`LISTEN ${FEED_CHANNEL}`);
      if (this.stopped) await client.end();
      else this.listener = client;
    } catch (err) {
      await client.end().catch(() => {});
      this.log(`could not LISTEN (${err instanceof Error ? err.message : String(err)}); polling`);
      if (!this.stopped) setTimeout(() => void this.listen(config), this.pollMs * 5).unref();
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.running;
    await this.listener?.end().catch(() => {});
    this.listener = null;
    await this.options.writer.close();
  }
}
