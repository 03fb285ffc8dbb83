import { chmod, mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embeddedDatabaseUrl, LEGACY_PASSWORD, passwordFileOf, readEmbeddedPassword, unixSocketDirFor } from './embedded-password.ts';
import { startEmbeddedPostgres } from './embedded.ts';
import { freePort } from '../test/free-port.ts';

/** Signs in as the superuser with this password: the answer, or PostgreSQL's error code. */
async function signIn(port: number, password: string): Promise<'ok' | string> {
  const client = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', password, database: 'postgres' });
  try {
    await client.connect();
    return 'ok';
  } catch (err) {
    return (err as { code?: string }).code ?? String(err);
  } finally {
    await client.end().catch(() => {});
  }
}

const WRONG_PASSWORD = '28P01';

describe('the embedded PostgreSQL password', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'cgg-pg-password-'));
    // The server runs as the 'postgres' user and must reach its data folders.
    await chmod(dir, 0o755);
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('is random for each new data folder, kept beside it (0600), and the only one the server takes', { timeout: 60_000 }, async () => {
    const dataDir = path.join(dir, 'new');
    const port = await freePort();
    const server = await startEmbeddedPostgres({ dataDir, port, database: 'postgres' });
    try {
      const password = readEmbeddedPassword(dataDir)!;
      expect(password).toMatch(/^[\w-]{32}$/);
      expect((await stat(passwordFileOf(dataDir))).mode & 0o777).toBe(0o600);
      // The shop's own URL goes through the server's Unix socket, in its data folder.
      expect(server.url).toBe(`postgres://postgres:${password}@localhost:${port}/postgres?host=${encodeURIComponent(dataDir)}`);
      expect(embeddedDatabaseUrl(dataDir, port, 'postgres')).toBe(server.url);
      const viaSocket = new pg.Client({ connectionString: server.url });
      await viaSocket.connect();
      expect((await viaSocket.query<{ tcp: string | null }>('SELECT inet_client_addr()::text AS tcp')).rows[0]!.tcp).toBeNull();
      await viaSocket.end();
      expect(await signIn(port, password)).toBe('ok');
      expect(await signIn(port, LEGACY_PASSWORD)).toBe(WRONG_PASSWORD);
    } finally {
      await server.stop();
    }
    const other = path.join(dir, 'other');
    const second = await startEmbeddedPostgres({ dataDir: other, port: await freePort(), database: 'postgres' });
    await second.stop();
    expect(readEmbeddedPassword(other)).not.toBe(readEmbeddedPassword(dataDir));
  });

  it('falls back to TCP on loopback where the socket\'s path would be too long for Unix', () => {
    const deep = path.join('/tmp', 'x'.repeat(100));
    expect(unixSocketDirFor(deep, 5432)).toBeNull();
    expect(embeddedDatabaseUrl(deep, 5432, 'cgg', 'pw')).toBe('postgres://postgres:pw@127.0.0.1:5432/cgg');
    expect(unixSocketDirFor('/tmp/pg', 5432)).toBe('/tmp/pg');
  });

  it('replaces the old fixed password of a folder from before, keeping its data', { timeout: 90_000 }, async () => {
    const dataDir = path.join(dir, 'legacy');
    const port = await freePort();
    // A folder as the old code left it: the fixed password and no password file.
    const old = await startEmbeddedPostgres({ dataDir, port, database: 'postgres' });
    const setUp = new pg.Client({ connectionString: old.url });
    await setUp.connect();
    await setUp.query('CREATE TABLE kept (note text)');
    await setUp.query("INSERT INTO kept VALUES ('from before')");
    await setUp.query(`ALTER USER postgres PASSWORD '${LEGACY_PASSWORD}'`);
    await setUp.end();
    await old.stop();
    await rm(passwordFileOf(dataDir));

    const server = await startEmbeddedPostgres({ dataDir, port, database: 'postgres' });
    try {
      const password = readEmbeddedPassword(dataDir)!;
      expect(password).not.toBe(LEGACY_PASSWORD);
      expect(await signIn(port, LEGACY_PASSWORD)).toBe(WRONG_PASSWORD);
      const client = new pg.Client({ connectionString: server.url });
      await client.connect();
      expect((await client.query('SELECT note FROM kept')).rows).toEqual([{ note: 'from before' }]);
      await client.end();
    } finally {
      await server.stop();
    }
    // The next start finds the folder's own password and rotates nothing.
    const again = await startEmbeddedPostgres({ dataDir, port, database: 'postgres' });
    await again.stop();
    expect(readEmbeddedPassword(dataDir)).toBeTruthy();
  });
});
