import path from 'node:path';
import { startTcpRelay, type TcpRelay } from '../../shop-api/src/test/tcp-relay.ts';
import { startChildServer, type ChildServer } from './child-server.ts';
import { e2eDatabaseUrl } from './db.ts';
import { e2ePortOffset, remoteURLs, repoRoot, spareE2ePort } from './site.ts';

export interface SiteBehindRelay {
  /** The second shell's origin (its API calls go to the second API). */
  url: string;
  apiURL: string;
  api: ChildServer;
  /** Between the second API and the e2e PostgreSQL: cut() is the database stopping, restore() starting again. */
  database: TcpRelay;
  stop(): Promise<void>;
}

const tsx = (pkg: string) => path.join(repoRoot, pkg, 'node_modules', 'tsx', 'dist', 'cli.mjs');

/**
 * A second API and shell over the e2e database, the remotes and build, with the API's
 * database connection running through a relay the test can cut: PostgreSQL stopping and
 * starting as the API sees it, without stopping the server the other suites use.
 */
export async function startSiteBehindRelay(): Promise<SiteBehindRelay> {
  const database = await startTcpRelay(e2eDatabaseUrl);
  const apiPort = spareE2ePort(10);
  const shellPort = spareE2ePort(11);
  const apiURL = `http://127.0.0.1:${apiPort}`;
  const url = `http://localhost:${shellPort}`;
  const started: { stop(): Promise<void> }[] = [{ stop: database.close }];
  const stop = async () => {
    for (const s of started.reverse()) await s.stop();
  };
  try {
    // No feed (no RTDB_PORT) and no draws: the e2e site's own API does those.
    const { RTDB_PORT: _feed, ...env } = process.env;
    const api = await startChildServer('second API', [process.execPath, tsx('shop-api'), 'src/main.ts'], {
      cwd: path.join(repoRoot, 'shop-api'),
      env: {
        ...env,
        DATABASE_URL: database.url,
        API_PORT: String(apiPort),
        DRAW_SCHEDULER: 'off',
        DATA_DIR: path.join(repoRoot, '.data', e2ePortOffset ? `e2e-${e2ePortOffset}` : 'e2e'),
        SITE_URL: url,
      },
      readyLine: 'shop-api listening on',
    });
    started.push(api);
    const shell = await startChildServer('second shell', [process.execPath, tsx('shell'), 'server/index.mjs'], {
      cwd: path.join(repoRoot, 'shell'),
      env: {
        ...env,
        SHELL_PORT: String(shellPort),
        SITE_URL: url,
        API_URL: apiURL,
        CATALOGUE_URL: remoteURLs.catalogue,
        CART_CHECKOUT_URL: remoteURLs.cartCheckout,
        ACCOUNT_URL: remoteURLs.account,
      },
      readyLine: 'listening on',
    });
    started.push(shell);
    return { url, apiURL, api, database, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}
