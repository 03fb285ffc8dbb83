/*
 * Starts the API as its own process (as `npm start` does) for a benchmark: free ports,
 * a throwaway embedded PostgreSQL in a temp folder (or DATABASE_URL), resolves once it
 * listens; `stop()` ends it and removes the folder.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../src/test/free-port.ts';

export { freePort };

const packageDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface BenchApi {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  /** Its DATA_DIR (the embedded PostgreSQL is in `postgres/` under it). */
  dataDir: string;
  stop(): Promise<void>;
}

/**
 * If the bench dies before stopping its API (an uncaught error; its output piped into `| head`),
 * the API must not stay running to take CPU from every later run: it gets SIGTERM when the bench
 * process exits, which tsx passes on to the app it runs as its own child (a SIGKILL would orphan
 * that child). Answers a function that takes the handler off again.
 */
export function stopApiOnExit(api: ChildProcess): () => void {
  const stopApi = (): void => {
    api.kill('SIGTERM');
  };
  process.on('exit', stopApi);
  return () => process.off('exit', stopApi);
}

export async function startBenchApi(label: string): Promise<BenchApi> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `cgg-bench-${label}-`));
  const apiPort = await freePort();
  const api = spawn(process.execPath, [path.join(packageDir, 'node_modules/tsx/dist/cli.mjs'), 'src/main.ts'], {
    cwd: packageDir,
    // The benches sign in as the demo accounts and buy the demo competitions, thousands of calls
    // from 127.0.0.1: the per-address rate limits are raised so they measure the API, not the limits.
    env: { ...process.env, API_PORT: String(apiPort), API_HOST: '127.0.0.1', PG_PORT: String(await freePort()), DATA_DIR: dataDir, SEED_DEMO_DATA: 'true', RATE_LIMIT_ADDRESS_FACTOR: '1000' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const forget = stopApiOnExit(api);
  const stop = async (): Promise<void> => {
    forget();
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
  } catch (err) {
    await stop();
    throw err;
  }
  return { origin: `http://127.0.0.1:${apiPort}`, dataDir, stop };
}
