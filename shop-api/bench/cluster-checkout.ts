/*
 * The sell-out benchmark (bench/checkout.ts's sale: BENCH_TICKETS tickets, BENCH_CUSTOMERS
 * customers, five instant wins) against the compiled API behind HAProxy (bench/api-cluster.ts):
 * 1 instance, 3 instances, and 3 instances with one killed (SIGKILL) when half the checkouts have
 * been answered (the supervisor restarts it, as `npm run start:cluster` would). Each runs the sale at
 * the target rate (BENCH_RATE, 200 checkouts started per second, open loop) and all at once
 * (BENCH_CONNECTIONS, 500 in flight). Prints checkouts/s and p50/p95/p99 side by side, the retries
 * the killed instance caused (the client retries with the same Idempotency-Key) and whether every
 * invariant holds, read from the database. Exits 1 on a violated invariant or a wrong answer.
 *
 *   npm run bench:cluster            (from the repo root; builds the API first if needed)
 */
import os from 'node:os';
import { createPool } from '../src/db/pool.ts';
import { startApiCluster, type ApiCluster } from './api-cluster.ts';
import { quantile, sellOut, type SellOutResult } from './sell-out.ts';

const TICKETS = Number(process.env.BENCH_TICKETS ?? 10_000);
const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 500);
const RATE = Number(process.env.BENCH_RATE ?? 200);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 500);
const INSTANCES = Number(process.env.BENCH_INSTANCES ?? 3);

interface Column {
  label: string;
  target: SellOutResult;
  capacity: SellOutResult;
}

async function runColumn(cluster: ApiCluster, label: string, kill: string | null): Promise<Column> {
  const pool = createPool({ connectionString: cluster.databaseUrl, max: 10 }, `bench ${label}`);
  pool.on('error', () => {});
  try {
    const run = async (rate: number | null): Promise<SellOutResult> => {
      let killed: Promise<void> | null = null;
      const back = kill ? cluster.restarted(kill) : null;
      const result = await sellOut(pool, cluster.origin, {
        tickets: TICKETS, customers: CUSTOMERS, rate, connections: CONNECTIONS, measureCpu: true,
        midway: kill ? () => void (killed = cluster.kill(kill, 'SIGKILL')) : undefined,
      });
      await killed;
      // The next run starts with every instance up again.
      if (back) await back;
      console.log(`  ${label}, ${rate ? `${rate}/s` : 'all at once'}: ${result.succeeded} orders in ${result.seconds.toFixed(2)} s; ${result.figures}`);
      if (Object.keys(result.retries).length) console.log(`    retried (same Idempotency-Key): ${JSON.stringify(result.retries)}`);
      const cpu = result.cpu!;
      // A killed instance's own CPU leaves with it: that column's API figure is a floor.
      console.log(`    CPU during checkout: PostgreSQL ${cpu.postgres.toFixed(2)} s, API ${cpu.api.toFixed(2)} s, HAProxy ${cpu.haproxy.toFixed(2)} s, bench client ${cpu.client.toFixed(2)} s ` +
        `(${(cpu.postgres + cpu.api + cpu.haproxy + cpu.client).toFixed(2)} s used of ${(result.seconds * os.cpus().length).toFixed(2)} s the cores had)`);
      return result;
    };
    return { label, target: await run(RATE), capacity: await run(null) };
  } finally {
    await pool.end();
  }
}

const columns: Column[] = [];
const load = () => os.loadavg().map((n) => n.toFixed(2)).join(' ');
console.log(`cluster sell-out benchmark on ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? '?'}), load average ${load()}: ${TICKETS} tickets, ${CUSTOMERS} customers, compiled API behind HAProxy`);
for (const instances of [1, INSTANCES]) {
  const cluster = await startApiCluster({ instances });
  try {
    // Warm-up, not counted: every instance's JIT, pool connections and statement plans.
    const pool = createPool({ connectionString: cluster.databaseUrl, max: 10 }, 'bench warm-up');
    pool.on('error', () => {});
    await sellOut(pool, cluster.origin, { tickets: 200 * instances, customers: 40 * instances, rate: null, connections: 20 }).finally(() => pool.end());
    columns.push(await runColumn(cluster, `${instances} instance${instances > 1 ? 's' : ''}`, null));
    if (instances > 1) columns.push(await runColumn(cluster, `${instances}, one SIGKILLed midway`, 'api-2'));
  } finally {
    await cluster.stop();
  }
}

const perSecond = (r: SellOutResult) => `${(r.succeeded / r.seconds).toFixed(0)}/s`;
const pcts = (r: SellOutResult) => [0.5, 0.95, 0.99].map((q) => quantile(r.latencies, q).toFixed(0)).join(' / ');
const failures = (r: SellOutResult) => Object.values(r.retries).reduce((a, b) => a + b, 0);
const cpuCell = (r: SellOutResult) => [r.cpu!.postgres, r.cpu!.api, r.cpu!.haproxy, r.cpu!.client].map((n) => n.toFixed(1)).join(' / ');
const holds = (r: SellOutResult) => (r.violations.length === 0 && r.wrongAnswers.length === 0 && r.gaveUp === 0 ? 'hold' : 'VIOLATED');
const rows: Array<[string, (c: Column) => string]> = [
  [`at ${RATE}/s: checkouts/s`, (c) => perSecond(c.target)],
  [`at ${RATE}/s: p50 / p95 / p99 ms`, (c) => pcts(c.target)],
  [`at ${RATE}/s: retried attempts`, (c) => String(failures(c.target))],
  ['all at once: checkouts/s', (c) => perSecond(c.capacity)],
  ['all at once: p50 / p95 / p99 ms', (c) => pcts(c.capacity)],
  ['all at once: retried attempts', (c) => String(failures(c.capacity))],
  [`at ${RATE}/s: CPU s (PG / API / HAProxy / client)`, (c) => cpuCell(c.target)],
  ['all at once: CPU s (PG / API / HAProxy / client)', (c) => cpuCell(c.capacity)],
  ['invariants (both runs)', (c) => (holds(c.target) === 'hold' && holds(c.capacity) === 'hold' ? 'all hold' : 'VIOLATED')],
];
const width = Math.max(...rows.map(([name]) => name.length)) + 2;
const colWidth = Math.max(...columns.map((c) => c.label.length)) + 3;
console.log(`\n${''.padEnd(width)}${columns.map((c) => c.label.padEnd(colWidth)).join('')}`);
for (const [name, cell] of rows) console.log(`${name.padEnd(width)}${columns.map((c) => cell(c).padEnd(colWidth)).join('')}`);

let bad = false;
for (const c of columns) {
  for (const r of [c.target, c.capacity]) {
    if (r.violations.length || r.wrongAnswers.length || r.gaveUp) {
      bad = true;
      console.log(`\n${c.label}: ${[...r.violations, ...r.wrongAnswers.map((w) => `wrong answer ${w}`), ...(r.gaveUp ? [`${r.gaveUp} checkouts gave up`] : [])].join('; ')}`);
    }
  }
}
console.log(`\nload average at the end: ${load()} (other work on the machine counts against every column alike)`);
const first = columns[0]!.target;
console.log(`\ntarget (>= 200 checkouts/s offered with p99 < 250 ms) on 1 instance: ${RATE >= 200 && quantile(first.latencies, 0.99) < 250 ? 'MET' : 'NOT MET'}`);
process.exitCode = bad ? 1 : 0;
