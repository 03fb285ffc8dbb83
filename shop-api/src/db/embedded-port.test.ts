import { chmod, mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from './embedded.ts';
import { freePort, retryOnPortInUse } from '../test/free-port.ts';

/** Holds a port as another process would have it. */
async function holdPort(): Promise<{ port: number; release: () => Promise<void> }> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as net.AddressInfo).port, release: () => new Promise((resolve) => server.close(() => resolve())) };
}

describe('an embedded PostgreSQL whose port was taken', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'cgg-pg-port-'));
    await chmod(dir, 0o755); // the server runs as the 'postgres' user
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('fails with PORT_IN_USE, and a start retried on another port succeeds', { timeout: 60_000 }, async () => {
    const held = await holdPort();
    const dataDir = path.join(dir, 'pg');
    const tried: number[] = [];
    try {
      await expect(startEmbeddedPostgres({ dataDir, port: held.port, database: 'postgres' })).rejects.toMatchObject({ code: 'PORT_IN_USE' });
      // The first pick is the held port (as if the OS gave it away meanwhile), the next a free one.
      const server = await retryOnPortInUse(async () => {
        const port = tried.length === 0 ? held.port : await freePort();
        tried.push(port);
        return startEmbeddedPostgres({ dataDir, port, database: 'postgres' });
      });
      await server.stop();
    } finally {
      await held.release();
    }
    expect(tried).toHaveLength(2);
    expect(tried[0]).toBe(held.port);
  });

  it('gives up on any other failure at once', async () => {
    let calls = 0;
    const failing = () => {
      calls += 1;
      return Promise.reject(Object.assign(new Error('no binary'), { code: 'ENOENT' }));
    };
    await expect(retryOnPortInUse(failing)).rejects.toThrow('no binary');
    expect(calls).toBe(1);
  });
});
