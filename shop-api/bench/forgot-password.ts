/*
 * forgot_password answers in the same time for any email. Starts the API as its own process
 * (as `npm start` does) on a throwaway embedded PostgreSQL (or DATABASE_URL), registers
 * BENCH_REQUESTS fresh customers, then sends forgot_password in turn for: an email with no
 * account, a real account that gets a mail (each fresh customer once), and a real account
 * over its limit of 3 mails in 15 minutes. Prints p50/p90/p99/mean per case and the
 * difference of the medians. No assertion: a figure to read (docs/testing.md).
 */
import os from 'node:os';
import { startBenchApi } from './start-api.ts';

const N = Number(process.env.BENCH_REQUESTS ?? 100);
const api = await startBenchApi('forgot-password');
const base = `${api.origin}/?rest_route=/api/v1/`;

async function post(name: string, body: object): Promise<number> {
  const start = performance.now();
  const res = await fetch(base + name, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  await res.arrayBuffer();
  const ms = performance.now() - start;
  if (!res.ok) throw new Error(`${name}: ${res.status}`);
  return ms;
}

const median = (samples: number[]) => [...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)]!;
function report(label: string, samples: number[]): void {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!.toFixed(2);
  const mean = (samples.reduce((a, b) => a + b, 0) / samples.length).toFixed(2);
  console.log(`  ${label.padEnd(36)} n=${sorted.length}  p50 ${at(0.5)} ms  p90 ${at(0.9)} ms  p99 ${at(0.99)} ms  mean ${mean} ms`);
}

try {
  const run = Date.now().toString(36);
  const fresh = Array.from({ length: N }, (_, i) => `bench-${run}-${i}@cgg.test`);
  for (const email of fresh) await post('register', { first_name: 'Bench', last_name: 'Customer', email, password: 'Bench!Pass2026', over_18: true, date_of_birth: '1990-04-23', monthly_limit: null });
  // Warm-up, and the limited account's 3 mails used up.
  for (let i = 0; i < 10; i++) {
    await post('forgot_password', { email: `warm-${i}@nowhere.test` });
    await post('forgot_password', { email: 'demo@cgg.test' });
  }

  const unknown: number[] = [];
  const mailed: number[] = [];
  const limited: number[] = [];
  for (let i = 0; i < N; i++) {
    unknown.push(await post('forgot_password', { email: `nobody-${run}-${i}@nowhere.test` }));
    mailed.push(await post('forgot_password', { email: fresh[i] }));
    limited.push(await post('forgot_password', { email: 'demo@cgg.test' }));
  }
  console.log(`forgot_password on ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? '?'}), sequential, cases interleaved`);
  report('no account', unknown);
  report('real account, mailed', mailed);
  report('real account, over its mail limit', limited);
  console.log(`  median difference, mailed - no account: ${(median(mailed) - median(unknown)).toFixed(2)} ms`);
} finally {
  await api.stop();
}
