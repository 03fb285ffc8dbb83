/*
 * Load test of the competition list (POST /?rest_route=/api/v1/competition) at 50
 * connections for 10 s on loopback. Starts the API as its own process (as
 * `npm start` does) against DATABASE_URL, or a throwaway embedded PostgreSQL in a
 * temp dir, prints requests/s and latency percentiles, then stops everything.
 */
import autocannon from 'autocannon';
import { startBenchApi } from './start-api.ts';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);

const api = await startBenchApi('list');

try {
  const url = `${api.origin}/?rest_route=/api/v1/competition`;
  const request = {
    url,
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer cgg-storefront' },
    body: JSON.stringify({ page: 1 }),
  };
  // Warm-up: JIT, pool connections, PostgreSQL plan cache.
  await autocannon({ ...request, connections: 10, duration: 2 });
  const result = await autocannon({ ...request, connections: CONNECTIONS, duration: DURATION_S });
  console.log(`competition list: POST ${url}, ${CONNECTIONS} connections, ${DURATION_S} s, body {"page":1} (12 competitions per response)`);
  console.log(`  requests/s  avg ${result.requests.average.toFixed(0)}  (total ${result.requests.total})`);
  console.log(`  latency     p50 ${result.latency.p50} ms  p99 ${result.latency.p99} ms  max ${result.latency.max} ms`);
  console.log(`  throughput  ${(result.throughput.average / 1024 / 1024).toFixed(2)} MB/s`);
  console.log(`  errors ${result.errors}  timeouts ${result.timeouts}  non-2xx ${result.non2xx}`);
  if (result.errors || result.non2xx) process.exitCode = 1;
} finally {
  await api.stop();
}
