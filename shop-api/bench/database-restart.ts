/*
 * How long the API is without its embedded PostgreSQL after the server's process is killed,
 * and what it answers meanwhile. Starts the API as its own process on a throwaway embedded
 * database, then ROUNDS times (default 3): kills the postmaster (SIGKILL), asks
 * GET getsettings every 50 ms until it answers 200 again, and prints when the first 503 came,
 * when 200 came back and the count of each status. The API's keeper waits 0.5 s, then 1 s,
 * 2 s... for crashes less than 30 s apart, so later rounds take longer by design.
 * Exits 1 on any answer other than 200 or 503 with Retry-After.
 *
 *   node scripts/pnpm.mjs --filter @cgg/shop-api exec tsx bench/database-restart.ts
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { startBenchApi } from './start-api.ts';

const ROUNDS = Number(process.env.ROUNDS ?? 3);
const POLL_MS = 50;

const api = await startBenchApi('db-restart');
const url = `${api.origin}/?rest_route=/api/v1/getsettings`;
const postmasterPid = () => Number(readFileSync(path.join(api.dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function ask(): Promise<string> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(10_000) });
    await res.arrayBuffer();
    return res.status === 503 ? `503 Retry-After ${res.headers.get('retry-after')}` : String(res.status);
  } catch (err) {
    return `no answer (${(err as Error).message})`;
  }
}

let wrong = 0;
try {
  if ((await ask()) !== '200') throw new Error('the API does not answer 200 before the first kill');
  console.log(`embedded PostgreSQL killed under the API, ${ROUNDS} rounds, GET getsettings every ${POLL_MS} ms`);
  for (let round = 1; round <= ROUNDS; round++) {
    const killed = postmasterPid();
    const t0 = performance.now();
    process.kill(killed, 'SIGKILL');
    const counts = new Map<string, number>();
    let first503: number | null = null;
    for (;;) {
      const answer = await ask();
      const at = performance.now() - t0;
      counts.set(answer, (counts.get(answer) ?? 0) + 1);
      if (answer.startsWith('503') && first503 === null) first503 = at;
      if (answer === '200' && postmasterPid() !== killed) {
        const histogram = [...counts].map(([a, n]) => `${a}: ${n}`).join(', ');
        console.log(`  round ${round}: first 503 after ${first503?.toFixed(0) ?? '-'} ms, 200 again after ${at.toFixed(0)} ms  (${histogram})`);
        break;
      }
      await sleep(POLL_MS);
    }
    wrong += [...counts].filter(([a]) => a !== '200' && a !== '503 Retry-After 5').reduce((n, [, c]) => n + c, 0);
  }
  console.log(`  answers other than 200 and 503 with Retry-After: ${wrong}`);
  if (wrong) process.exitCode = 1;
} finally {
  await api.stop();
}
