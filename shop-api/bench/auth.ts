/*
 * Login and check-auth latency. Starts the API as its own process (as `npm start`
 * does) on a throwaway embedded PostgreSQL (or DATABASE_URL), then:
 *   1. 200 sequential logins and 200 sequential check-auths (each rotating its token);
 *   2. 50 concurrent clients, each with an account of its own (registered first: sign-in attempts
 *      are counted per account and address before the password is checked, so 50 at once on
 *      one account are refused with 429 as an attack would be), each doing 4 logins then
 *      4 check-auths (200 of each).
 * Prints p50/p99/max per phase. Logins cost one scrypt (N=2^15, r=8, p=1) each.
 */
import os from 'node:os';
import { startBenchApi } from './start-api.ts';

const N = Number(process.env.BENCH_REQUESTS ?? 200);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 50);
const DEMO = { email: 'demo@cgg.test', password: 'Demo!Pass2026' };

const api = await startBenchApi('auth');

const base = `${api.origin}/?rest_route=/api/v1/`;
async function post(name: string, body: object): Promise<{ ms: number; json: { data: { token: string } } }> {
  const start = performance.now();
  const res = await fetch(base + name, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const json = (await res.json()) as { data: { token: string } };
  const ms = performance.now() - start;
  if (!res.ok) throw new Error(`${name}: ${res.status} ${JSON.stringify(json)}`);
  return { ms, json };
}

function report(label: string, samples: number[]): void {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!.toFixed(1);
  console.log(`  ${label.padEnd(34)} n=${sorted.length}  p50 ${at(0.5)} ms  p99 ${at(0.99)} ms  max ${sorted.at(-1)!.toFixed(1)} ms`);
}

try {
  // Warm-up: JIT, pool connections, plans.
  let token = (await post('login', DEMO)).json.data.token;
  for (let i = 0; i < 10; i++) token = (await post('check-auth', { token })).json.data.token;

  console.log(`auth benchmark on ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? '?'}), scrypt N=2^15 r=8 p=1`);
  const seqLogin: number[] = [];
  for (let i = 0; i < N; i++) seqLogin.push((await post('login', DEMO)).ms);
  const seqCheck: number[] = [];
  for (let i = 0; i < N; i++) {
    const r = await post('check-auth', { token });
    token = r.json.data.token;
    seqCheck.push(r.ms);
  }
  report('login, sequential', seqLogin);
  report('check-auth, sequential', seqCheck);

  const perClient = Math.ceil(N / CONCURRENCY);
  const accounts = await Promise.all(
    Array.from({ length: CONCURRENCY }, async (_, c) => {
      const account = { email: `bench-auth-${c}-${Date.now()}@cgg.test`, password: DEMO.password };
      await post('register', { ...account, first_name: 'Bench', last_name: `Client ${c}`, over_18: true, date_of_birth: '1990-01-01', monthly_limit: null });
      return account;
    }),
  );
  const conLogin: number[] = [];
  const conCheck: number[] = [];
  const tokens: string[] = [];
  let start = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async (_, c) => {
      for (let i = 0; i < perClient; i++) {
        const r = await post('login', accounts[c]!);
        conLogin.push(r.ms);
        tokens[c] = r.json.data.token;
      }
    }),
  );
  const loginWall = performance.now() - start;
  start = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async (_, c) => {
      for (let i = 0; i < perClient; i++) {
        const r = await post('check-auth', { token: tokens[c] });
        tokens[c] = r.json.data.token;
        conCheck.push(r.ms);
      }
    }),
  );
  const checkWall = performance.now() - start;
  report(`login, ${CONCURRENCY} concurrent clients`, conLogin);
  console.log(`    throughput ${((conLogin.length / loginWall) * 1000).toFixed(1)} logins/s`);
  report(`check-auth, ${CONCURRENCY} concurrent clients`, conCheck);
  console.log(`    throughput ${((conCheck.length / checkWall) * 1000).toFixed(1)} check-auths/s`);
} finally {
  await api.stop();
}
