/*
 * Load test of the competition list (POST /?rest_route=/api/v1/competition) at 50
 * connections for 10 s on loopback. Starts the API as its own process (as
 * `npm start` does) against DATABASE_URL, or a throwaway embedded PostgreSQL in a
 * temp dir, prints requests/s and latency percentiles, then stops everything.
 */
import { spawn } from 'node:child_process';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const packageDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'cgg-bench-'));
await chmod(dataDir, 0o755); // the embedded server runs as 'postgres'
const apiPort = await freePort();
const api = spawn(process.execPath, [path.join(packageDir, 'node_modules/tsx/dist/cli.mjs'), 'src/main.ts'], {
  cwd: packageDir,
  env: { ...process.env, API_PORT: String(apiPort), API_HOST: '127.0.0.1', PG_PORT: String(await freePort()), DATA_DIR: dataDir },
  stdio: ['ignore', 'pipe', 'inherit'],
});
const stopApi = async (): Promise<void> => {
  if (api.exitCode === null) {
    const exited = new Promise((resolve) => api.once('exit', resolve));
    api.kill('SIGTERM');
    await exited;
  }
  await rm(dataDir, { recursive: true, force: true });
};

try {
  await new Promise<void>((resolve, reject) => {
    api.once('exit', (code) => reject(new Error(`API exited early (code ${code})`)));
    api.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('shop-api listening on')) resolve();
    });
  });
  const url = `http://127.0.0.1:${apiPort}/?rest_route=/api/v1/competition`;
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
  await stopApi();
}
