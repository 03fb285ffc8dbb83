/*
 * Draw benchmark (issue 5): a competition of 100,000 entries (95,000 paid tickets of
 * completed orders and 5,000 free postal entries), drawn by the same code the scheduler
 * runs (load the entries, build and hash the published list, HMAC, write the proof and
 * the win, one transaction), then verified from the published data only: the entry list
 * CSV downloaded over HTTP, and the standalone scripts/verify-draw.mjs run as a process.
 * Throwaway embedded PostgreSQL (or DATABASE_URL). Prints the figures; asserts nothing.
 *
 *   node scripts/pnpm.mjs --filter @cgg/shop-api bench:draw     (ENTRIES=100000 RUNS=5)
 */
import { execFile } from 'node:child_process';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { createPool } from '../src/db/pool.ts';
import { verifyDraw } from '../scripts/verify-draw.mjs';
import { buildApp } from '../src/app.ts';
import { startEmbeddedPostgres } from '../src/db/embedded.ts';
import { prepareDatabase } from '../src/db/prepare.ts';
import { commitSeed } from '../src/draws/commitments.ts';
import { drawOneNow } from '../src/draws/run-draw.ts';
import { createMailer } from '../src/mail/mailer.ts';
import { createCompetition, createCustomer } from '../src/store/store-fixtures.ts';
import { freePort } from './start-api.ts';

const ENTRIES = Number(process.env.ENTRIES ?? 100_000);
const RUNS = Number(process.env.RUNS ?? 5);
const POSTAL_SHARE = 0.05;
const packageDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const ms = (start: bigint): number => Number(process.hrtime.bigint() - start) / 1e6;
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'cgg-bench-draw-'));
await chmod(dataDir, 0o755); // the embedded server runs as 'postgres'
const embedded = process.env.DATABASE_URL ? null : await startEmbeddedPostgres({ dataDir: path.join(dataDir, 'pg'), port: await freePort() });
const pool = createPool({ connectionString: process.env.DATABASE_URL ?? embedded!.url, max: 4 }, 'bench draw');
pool.on('error', () => {});
await prepareDatabase(pool, { demoData: true });
const app = buildApp({ pool });
await app.ready();

/** A closed competition holding ENTRIES tickets: one big paid order item and the postal entries. */
async function fillCompetition(): Promise<number> {
  const c = await createCompetition(pool, { total: ENTRIES, maxPerUser: ENTRIES, closingAt: new Date(Date.now() + 3600_000) });
  await commitSeed(pool, c.id, new Date());
  const buyer = await createCustomer(pool);
  const postal = Math.round(ENTRIES * POSTAL_SHARE);
  const paid = ENTRIES - postal;
  const order = await pool.query<{ id: number }>(
    `INSERT INTO orders (customer_id, status, created_at, subtotal_pence, total_pence, billing_first_name, billing_city)
     VALUES ($1, 'completed', now(), 0, 0, 'Jamie', 'Manchester') RETURNING id`,
    [buyer.id],
  );
  const item = await pool.query<{ id: number }>(
    `INSERT INTO order_items (order_id, competition_id, title, quantity, unit_price_pence, line_total_pence) VALUES ($1, $2, 'bench', $3, 0, 0) RETURNING id`,
    [order.rows[0]!.id, c.id, paid],
  );
  // Random numbers over the whole range, as the allocator hands them out: a permutation split in two.
  await pool.query(
    `WITH perm AS (SELECT n, row_number() OVER (ORDER BY random()) AS r FROM generate_series(1, $2::int) AS n)
     INSERT INTO tickets (competition_id, ticket_number, order_item_id, customer_id, created_at)
     SELECT $1, n, CASE WHEN r <= $3 THEN $4::int END, CASE WHEN r <= $3 THEN $5::int END, now() FROM perm`,
    [c.id, ENTRIES, paid, item.rows[0]!.id, buyer.id],
  );
  await pool.query(
    `INSERT INTO postal_entries (competition_id, full_name, email, town, ticket_number, recorded_by, recorded_at)
     SELECT $1, 'Postal Entrant ' || ticket_number, 'postal' || ticket_number || '@example.com', 'Leeds', ticket_number, 'bench', now()
     FROM tickets WHERE competition_id = $1 AND order_item_id IS NULL`,
    [c.id],
  );
  await pool.query(`UPDATE competitions SET tickets_sold = $2, closing_at = now() - interval '1 minute', draw_at = now() WHERE id = $1`, [c.id, ENTRIES]);
  return c.id;
}

const draws: number[] = [];
const verifiesInProcess: number[] = [];
const verifiesScript: number[] = [];
const downloads: number[] = [];
let lastSize = 0;
try {
  for (let run = 0; run < RUNS; run++) {
    const id = await fillCompetition();
    const t0 = process.hrtime.bigint();
    const done = await drawOneNow(pool, id, { now: new Date(), drawnBy: 'bench', audit: { staffId: null, actor: 'bench' }, siteUrl: 'http://localhost:3000', mailer: createMailer(pool), log: () => {} });
    draws.push(ms(t0));
    if (done.entryCount !== ENTRIES) throw new Error(`expected ${ENTRIES} entries, drew among ${done.entryCount}`);

    // Verification uses only what is published: the proof call and the CSV download.
    const t1 = process.hrtime.bigint();
    const proof = (await app.inject({ method: 'POST', url: '/?rest_route=/api/v1/draw_proof', headers: { 'content-type': 'application/json' }, payload: { id } })).json().data;
    const csv = (await app.inject({ method: 'GET', url: proof.entry_list_url })).body;
    downloads.push(ms(t1));
    lastSize = Buffer.byteLength(csv);
    const t2 = process.hrtime.bigint();
    const checked = verifyDraw({ csv, seed: proof.seed, commitment: proof.commitment, entryListSha256: proof.entry_list_sha256, winner: proof.winning_ticket_number });
    verifiesInProcess.push(ms(t2));
    if (checked.failures.length) throw new Error(`verification failed: ${checked.failures.join('; ')}`);

    const file = path.join(dataDir, `entries-${id}.csv`);
    await writeFile(file, csv);
    const t3 = process.hrtime.bigint();
    await promisify(execFile)(process.execPath, [path.join(packageDir, 'scripts', 'verify-draw.mjs'), '--entries', file, '--seed', proof.seed, '--commitment', proof.commitment, '--entry-list-sha256', proof.entry_list_sha256, '--winner', String(proof.winning_ticket_number)]);
    verifiesScript.push(ms(t3));
    console.log(`run ${run + 1}: draw ${draws.at(-1)!.toFixed(0)} ms, proof + CSV download ${downloads.at(-1)!.toFixed(0)} ms, verify (in process) ${verifiesInProcess.at(-1)!.toFixed(0)} ms, verify (node verify-draw.mjs) ${verifiesScript.at(-1)!.toFixed(0)} ms; winner ticket ${done.winningTicket}`);
  }
  console.log(`\n${ENTRIES.toLocaleString('en-GB')} entries (${(POSTAL_SHARE * 100).toFixed(0)}% postal), entry list ${(lastSize / 1024).toFixed(0)} KiB, ${RUNS} runs, median:`);
  console.log(`  draw (load entries, CSV, SHA-256, HMAC, write proof and win, commit): ${median(draws).toFixed(0)} ms`);
  console.log(`  fetch proof + entry list over the API:                            ${median(downloads).toFixed(0)} ms`);
  console.log(`  verify from the published data, in process:                      ${median(verifiesInProcess).toFixed(0)} ms`);
  console.log(`  verify with the standalone script (node start-up included):       ${median(verifiesScript).toFixed(0)} ms`);
} finally {
  await app.close();
  await pool.end();
  await embedded?.stop();
  await rm(dataDir, { recursive: true, force: true });
}
