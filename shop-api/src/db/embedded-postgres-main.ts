/*
 * The embedded PostgreSQL on its own, for `npm run start:cluster`: several API instances share
 * one database, so none of them may own it (an instance killed would take the database down).
 * Data in DATA_DIR/postgres on PG_PORT (as the API alone would use), restarted by its keeper
 * whenever its process dies. Once the database answers it writes DATA_DIR/postgres.ready (the
 * launcher's readiness signal; no secret in it); the password stays in DATA_DIR/postgres.password.
 * Development only: production uses a managed or separately run PostgreSQL (docs/deployment.md).
 */
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { readConfig } from '../config.ts';
import { startEmbeddedPostgres } from './embedded.ts';

// The API's own reader (config.ts): the same DATA_DIR and PG_PORT, checked the same way.
const { dataDir, pgPort: port } = readConfig();
const readyFile = path.join(dataDir, 'postgres.ready');
rmSync(readyFile, { force: true });

const server = await startEmbeddedPostgres({ dataDir: path.join(dataDir, 'postgres'), port, restartOnCrash: true }).catch((err: unknown) => {
  console.error('[postgres] could not start:', err instanceof Error ? err.message : err);
  process.exit(1);
});
writeFileSync(readyFile, `${new Date().toISOString()}\n`);
console.log(`[postgres] embedded PostgreSQL on 127.0.0.1:${port}, data in ${path.join(dataDir, 'postgres')}`);

let stopping = false;
async function stop(): Promise<void> {
  if (stopping) return;
  stopping = true;
  rmSync(readyFile, { force: true });
  await server.stop();
  process.exit(0);
}
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
