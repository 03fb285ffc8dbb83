/*
 * Entries export benchmark (issue 16): a competition of 100,000 entries (95,000 paid tickets over
 * 19,000 orders with their billing names, 5,000 postal entries), exported as CSV through the back
 * office's route (`staff/entries_csv`) over real HTTP, RUNS times. Prints the time to the last
 * byte and the process's peak memory growth while it streams (server and reader share this
 * process, so the figure covers both); asserts nothing. Throwaway embedded PostgreSQL (or DATABASE_URL).
 *
 *   node scripts/pnpm.mjs --filter @cgg/shop-api bench:entries-export     (ENTRIES=100000 RUNS=5)
 */
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { inTransaction } from '../src/accounts/queryable.ts';
import { buildApp } from '../src/app.ts';
import { startEmbeddedPostgres } from '../src/db/embedded.ts';
import { createPool } from '../src/db/pool.ts';
import { prepareDatabase } from '../src/db/prepare.ts';
import { createStaff } from '../src/staff/staff-accounts.ts';
import { createStaffSession } from '../src/staff/staff-sessions.ts';
import { createCompetition, createCustomer } from '../src/store/store-fixtures.ts';
import { freePort } from './start-api.ts';

const ENTRIES = Number(process.env.ENTRIES ?? 100_000);
const RUNS = Number(process.env.RUNS ?? 5);
const PER_ORDER = 5;
const POSTAL = Math.round(ENTRIES * 0.05);

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const mb = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'cgg-bench-export-'));
await chmod(dataDir, 0o755); // the embedded server runs as 'postgres'
const embedded = process.env.DATABASE_URL ? null : await startEmbeddedPostgres({ dataDir: path.join(dataDir, 'pg'), port: await freePort() });
const pool = createPool({ connectionString: process.env.DATABASE_URL ?? embedded!.url, max: 4 }, 'bench entries export');
pool.on('error', () => {});
await prepareDatabase(pool, { demoData: true });
const app = buildApp({ pool });
const origin = await app.listen({ port: 0, host: '127.0.0.1' });

/** ENTRIES tickets: paid ones in orders of PER_ORDER with their billing names, the rest postal. */
async function fillCompetition(): Promise<number> {
  const c = await createCompetition(pool, { total: ENTRIES, maxPerUser: ENTRIES });
  const buyer = await createCustomer(pool);
  const paid = ENTRIES - POSTAL;
  await pool.query(
    `WITH o AS (
       INSERT INTO orders (customer_id, status, created_at, subtotal_pence, total_pence, billing_first_name, billing_last_name, billing_email, billing_city)
       SELECT $2, 'completed', now(), 500, 500, 'Buyer', 'Number ' || g, 'buyer' || g || '@example.co.uk', 'Manchester' FROM generate_series(1, $3::int) g
       RETURNING id),
     i AS (
       INSERT INTO order_items (order_id, competition_id, title, quantity, unit_price_pence, line_total_pence)
       SELECT id, $1, 'bench', $4, 100, 500 FROM o RETURNING id),
     numbered AS (SELECT id, row_number() OVER (ORDER BY id) AS k FROM i)
     INSERT INTO tickets (competition_id, ticket_number, order_item_id, customer_id, created_at)
     SELECT $1, (k - 1) * $4 + s, id, $2, now() FROM numbered, generate_series(1, $4::int) s`,
    [c.id, buyer.id, Math.ceil(paid / PER_ORDER), PER_ORDER],
  );
  const first = paid + 1;
  await pool.query(
    `INSERT INTO tickets (competition_id, ticket_number, created_at) SELECT $1, n, now() FROM generate_series($2::int, $3::int) n`,
    [c.id, first, ENTRIES],
  );
  await pool.query(
    `INSERT INTO postal_entries (competition_id, full_name, email, town, ticket_number, recorded_by, recorded_at)
     SELECT $1, 'Postal Entrant ' || n, 'postal' || n || '@example.com', 'Leeds', n, 'bench', now() FROM generate_series($2::int, $3::int) n`,
    [c.id, first, ENTRIES],
  );
  return c.id;
}

try {
  const competitionId = await fillCompetition();
  const member = await inTransaction(pool, (client) =>
    createStaff(client, { email: 'bench@cgg.test', name: 'Bench Operator', role: 'operator', password: 'Bench!Pass-2026', by: { staffId: null, actor: 'bench' }, now: new Date() }),
  );
  const token = await createStaffSession(pool, member.id, 'signed-in', new Date());
  const times: number[] = [];
  const peaks: number[] = [];
  let bytes = 0;
  let lines = 0;
  for (let run = 0; run < RUNS; run++) {
    global.gc?.();
    const rssBefore = process.memoryUsage().rss;
    let peak = rssBefore;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
    const started = performance.now();
    const res = await fetch(`${origin}/?rest_route=/api/v1/staff/entries_csv&competition_id=${competitionId}`, { headers: { authorization: `Bearer ${token}` } });
    if (!res.ok || !res.body) throw new Error(`export answered ${res.status}`);
    bytes = 0;
    lines = 0;
    // Read as a stream and count, never holding the file: what a browser saving a download does.
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      bytes += chunk.byteLength;
      for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines++;
    }
    times.push(performance.now() - started);
    clearInterval(sampler);
    peaks.push(Math.max(peak, process.memoryUsage().rss) - rssBefore);
  }
  if (lines - 1 !== ENTRIES) throw new Error(`expected ${ENTRIES} entries, got ${lines - 1}`);
  console.log(`entries export (staff/entries_csv): ${ENTRIES.toLocaleString('en-GB')} entries, ${mb(bytes)} of CSV, ${RUNS} runs`);
  console.log(`  time to last byte: median ${median(times).toFixed(0)} ms, best ${Math.min(...times).toFixed(0)} ms, worst ${Math.max(...times).toFixed(0)} ms (target < 2,000 ms)`);
  console.log(`  peak memory growth while streaming (RSS): median ${mb(median(peaks))}, worst ${mb(Math.max(...peaks))} (the file itself: ${mb(bytes)})`);
} finally {
  await app.close();
  await pool.end();
  await embedded?.stop();
  await rm(dataDir, { recursive: true, force: true });
}
