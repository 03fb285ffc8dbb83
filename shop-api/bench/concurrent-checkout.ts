/*
 * One customer racing themselves (issue 14): how each concurrent request answers and how
 * long the slowest waits. Starts a throwaway embedded PostgreSQL (or uses DATABASE_URL),
 * runs the API as its own process on it (as `npm start` does), then, BENCH_ROUNDS (5)
 * times each:
 *   - 20 checkouts of one customer's basket at once, each with its own Idempotency-Key;
 *   - 10 customers signing in at once with one fresh visitor Cart-Token;
 *   - one customer signing in on 10 tabs at once with one fresh visitor Cart-Token;
 *   - one customer adopting 5 filled visitor baskets at once.
 * Prints, per race, the status counts over every round, p50 and the slowest answer,
 * against the target (every answer 200 or 4xx, each within 2 s).
 * Before the fix: 10 checkouts from one basket gave 1 x 200, 6 x 500, slowest 18 s.
 */
import { spawn } from 'node:child_process';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createPool } from '../src/db/pool.ts';
import { startEmbeddedPostgres } from '../src/db/embedded.ts';
import { prepareDatabase } from '../src/db/prepare.ts';
import {
  asAnswer,
  concurrentCheckouts,
  freshVisitorToken,
  signedInCartRead,
  statusCounts,
  visitorBasket,
  type RaceAnswer,
} from '../src/store/customer-race-harness.ts';
import { addToBasket, newBuyer } from '../src/store/race-harness.ts';
import { createCompetition, createCustomer } from '../src/store/store-fixtures.ts';
import { freePort } from './start-api.ts';

const packageDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const TARGET_MS = 2000;

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'cgg-bench-races-'));
await chmod(dataDir, 0o755); // the embedded server runs as 'postgres'
const embedded = process.env.DATABASE_URL ? null : await startEmbeddedPostgres({ dataDir: path.join(dataDir, 'pg'), port: await freePort() });
const databaseUrl = process.env.DATABASE_URL ?? embedded!.url;
const pool = createPool({ connectionString: databaseUrl, max: 5 }, 'bench races');
pool.on('error', () => {}); // the embedded server stopping at the end ends idle clients
await prepareDatabase(pool, { demoData: true });
const apiPort = await freePort();
const api = spawn(process.execPath, [path.join(packageDir, 'node_modules/tsx/dist/cli.mjs'), 'src/main.ts'], {
  cwd: packageDir,
  env: { ...process.env, API_PORT: String(apiPort), API_HOST: '127.0.0.1', DATABASE_URL: databaseUrl },
  stdio: ['ignore', 'pipe', 'inherit'],
});
const base = `http://127.0.0.1:${apiPort}`;

const races: Record<string, () => Promise<RaceAnswer[]>> = {
  '20 checkouts of one basket, different keys': async () => {
    const c = await createCompetition(pool, { total: 1000 });
    const buyer = await newBuyer(pool, base);
    await addToBasket(base, buyer, c.productId, 3);
    return (await concurrentCheckouts(base, buyer, 20)).map(asAnswer);
  },
  '10 customers signing in with one fresh Cart-Token': async () => {
    const { cartToken } = await freshVisitorToken(base);
    const customers = await Promise.all(Array.from({ length: 10 }, () => createCustomer(pool)));
    return Promise.all(customers.map((c) => signedInCartRead(base, c.token, cartToken)));
  },
  'one customer on 10 tabs with one fresh Cart-Token': async () => {
    const { cartToken } = await freshVisitorToken(base);
    const customer = await createCustomer(pool);
    return Promise.all(Array.from({ length: 10 }, () => signedInCartRead(base, customer.token, cartToken)));
  },
  'one customer adopting 5 visitor baskets': async () => {
    const c = await createCompetition(pool, { total: 1000 });
    const visitors = await Promise.all(Array.from({ length: 5 }, () => visitorBasket(base, c.productId, 2)));
    const customer = await createCustomer(pool);
    return Promise.all(visitors.map((v) => signedInCartRead(base, customer.token, v.cartToken)));
  },
};

let allMet = true;
try {
  await new Promise<void>((resolve, reject) => {
    api.once('exit', (code) => reject(new Error(`API exited early (code ${code})`)));
    api.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('shop-api listening on')) resolve();
    });
  });
  console.log(`one-customer races on ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? '?'}), ${ROUNDS} rounds each`);
  // Warm-up: JIT, pool connections, statement plans.
  await races['20 checkouts of one basket, different keys']!();

  for (const [label, race] of Object.entries(races)) {
    const answers: RaceAnswer[] = [];
    for (let round = 0; round < ROUNDS; round++) answers.push(...(await race()));
    const ms = answers.map((a) => a.ms).sort((a, b) => a - b);
    const clear = answers.every((a) => a.status === 200 || (a.status >= 400 && a.status < 500));
    const met = clear && ms.at(-1)! <= TARGET_MS;
    allMet &&= met;
    console.log(`\n  ${label}: ${answers.length} requests`);
    console.log(`    statuses: ${JSON.stringify(statusCounts(answers))}`);
    console.log(`    p50 ${ms[Math.floor(ms.length / 2)]!.toFixed(0)} ms, slowest ${ms.at(-1)!.toFixed(0)} ms  ${met ? 'OK' : 'MISSED'} (200 or 4xx, each within ${TARGET_MS} ms)`);
  }
  console.log(`\n  target ${allMet ? 'met' : 'MISSED'}`);
} finally {
  const exited = new Promise((resolve) => api.once('exit', resolve));
  api.kill('SIGTERM');
  await exited;
  await pool.end();
  await embedded?.stop();
  await rm(dataDir, { recursive: true, force: true });
}
process.exitCode = allMet ? 0 : 1;
