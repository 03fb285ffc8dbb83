/*
 * Live-feed relay latency (issue 18): from a win's COMMIT to the relay writing it, with one
 * relay instance and with two (one relays at a time by an advisory lock; both LISTEN). WINS
 * wins, one at a time (each waits for its write), on a throwaway embedded PostgreSQL (or
 * DATABASE_URL). The writer records the moment it is called, so the network to Firebase is
 * left out: this is the relay's own share of the pop-up's latency. Prints p50 / p90 / max.
 *
 *   node scripts/pnpm.mjs --filter @cgg/shop-api exec tsx bench/feed-relay.ts     (WINS=200)
 */
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { inTransaction } from '../src/accounts/queryable.ts';
import { startEmbeddedPostgres } from '../src/db/embedded.ts';
import { createPool } from '../src/db/pool.ts';
import { prepareDatabase } from '../src/db/prepare.ts';
import { enqueueFeedPublication } from '../src/feed/feed-outbox.ts';
import { FeedPublisher, type FeedWriter } from '../src/feed/feed-publisher.ts';
import { createCompetition } from '../src/store/store-fixtures.ts';
import { freePort } from './start-api.ts';

const WINS = Number(process.env.WINS ?? 200);
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'cgg-bench-feed-'));
await chmod(dataDir, 0o755);
const embedded = process.env.DATABASE_URL ? null : await startEmbeddedPostgres({ dataDir: path.join(dataDir, 'pg'), port: await freePort() });
const url = process.env.DATABASE_URL ?? embedded!.url;
const pool = createPool({ connectionString: url, max: 8 }, 'bench feed');
await prepareDatabase(pool, { demoData: true });

const c = await createCompetition(pool, { title: 'Feed Relay Bench', total: WINS * 3, instantWinNumbers: Array.from({ length: WINS * 3 }, (_, i) => i + 1) });
const prize = (await pool.query<{ id: number }>('SELECT id FROM instant_win_prizes WHERE competition_id = $1 LIMIT 1', [c.id])).rows[0]!.id;
const order = (await pool.query<{ id: number; customer_id: number }>('SELECT id, customer_id FROM orders WHERE customer_id IS NOT NULL ORDER BY id LIMIT 1')).rows[0]!;
let ticket = 0;

const pct = (xs: number[], p: number): number => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)]!;

async function run(label: string, instances: number): Promise<void> {
  const written = new Map<string, (at: number) => void>();
  const writer: FeedWriter = {
    write: async (_key, record) => {
      if (record.main_id === c.id) written.get(record.prize)?.(performance.now());
    },
    close: async () => {},
  };
  const publishers = Array.from({ length: instances }, () => new FeedPublisher({ pool, writer, listen: { connectionString: url }, log: () => {} }));
  await Promise.all(publishers.map((p) => p.start()));
  const latencies: number[] = [];
  for (let i = 0; i < WINS; i++) {
    ticket++;
    const prizeName = `Bench prize ${ticket}`; // names this win in the record the writer gets
    const done = new Promise<number>((resolve) => written.set(prizeName, resolve));
    await inTransaction(pool, async (client) => {
      const award = await client.query<{ id: string }>(
        'INSERT INTO instant_win_awards (competition_id, ticket_number, instant_win_prize_id, customer_id, order_id, won_at) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id',
        [c.id, ticket, prize, order.customer_id, order.id, new Date()],
      );
      await enqueueFeedPublication(client, { awardId: award.rows[0]!.id, competitionId: c.id, customerId: order.customer_id, prize: prizeName });
    });
    const committedAt = performance.now();
    latencies.push((await done) - committedAt);
  }
  await Promise.all(publishers.map((p) => p.stop()));
  console.log(`${label}: ${WINS} wins, commit -> relay write p50 ${pct(latencies, 50).toFixed(1)} ms, p90 ${pct(latencies, 90).toFixed(1)} ms, max ${Math.max(...latencies).toFixed(1)} ms`);
}

try {
  await run('one instance ', 1);
  await run('two instances', 2);
} finally {
  await pool.end();
  await embedded?.stop();
  await rm(dataDir, { recursive: true, force: true });
}
