import net from 'node:net';

/** A TCP port free on 127.0.0.1 right now (the OS picks it), for a server a test or bench starts. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Start-ups tried before giving up when a port picked free was taken before its server bound it. */
const START_ATTEMPTS = 3;

/**
 * Runs `start` (which picks its ports with freePort) again when it fails with `code:
 * 'PORT_IN_USE'`: between the pick and the bind (seconds for PostgreSQL, which binds after
 * initdb) the OS may give the port to a process beside it (tests run side by side in CI).
 */
export async function retryOnPortInUse<T>(start: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await start();
    } catch (err) {
      if (attempt === START_ATTEMPTS || (err as { code?: string }).code !== 'PORT_IN_USE') throw err;
    }
  }
}
