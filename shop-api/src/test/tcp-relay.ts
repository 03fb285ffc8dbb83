import net from 'node:net';

/**
 * A TCP relay in front of the test PostgreSQL that a test can cut and restore: to the API
 * it is the database server stopping (open connections dropped, new ones refused) and
 * starting again on the same address, without stopping the server other tests share.
 */
export interface TcpRelay {
  /** The target URL with its host and port replaced by the relay's. */
  url: string;
  /** Drops every open connection and stops listening: connecting now gives ECONNREFUSED. */
  cut(): Promise<void>;
  /** Listens again on the same port. */
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpRelay(targetUrl: string): Promise<TcpRelay> {
  const target = new URL(targetUrl);
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    // Over TCP, even when the URL names the server's Unix socket (?host=): the relay must be in the way.
    const upstream = net.connect(Number(target.port), target.searchParams.has('host') || target.hostname === 'localhost' ? '127.0.0.1' : target.hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => {});
    }
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve((server.address() as net.AddressInfo).port);
      });
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      if (!server.listening) return resolve();
      server.close(() => resolve());
    });

  const port = await listen(0);
  const url = new URL(targetUrl);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  url.searchParams.delete('host');
  return {
    url: url.toString(),
    cut: stop,
    restore: async () => {
      await listen(port);
    },
    close: stop,
  };
}
