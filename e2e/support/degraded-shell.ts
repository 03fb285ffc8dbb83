import path from 'node:path';
import { startChildServer } from './child-server.ts';
import { apiURL, remoteURLs, repoRoot, spareE2ePort } from './site.ts';

export type RemoteKey = keyof typeof remoteURLs;

/** A port where nothing listens: a remote "stopped" as far as any browser can tell. */
const DEAD_REMOTE = `http://localhost:${spareE2ePort(89)}`;

/**
 * A second shell server over the same build, API and remotes, except that one
 * remote's address points where nothing runs: the site as shoppers see it while
 * that team's deployment is down.
 */
export function startShellWithout(remote: RemoteKey, port: number): Promise<{ url: string; stop: () => Promise<void> }> {
  return startShellWith({ [remote]: DEAD_REMOTE }, port);
}

/** A second shell server over the same build and API, with some remotes' addresses replaced. */
export async function startShellWith(remotes: Partial<Record<RemoteKey, string>>, port: number): Promise<{ url: string; stop: () => Promise<void> }> {
  const urls = { ...remoteURLs, ...remotes };
  const server = await startChildServer('degraded shell', [process.execPath, path.join(repoRoot, 'shell', 'node_modules', 'tsx', 'dist', 'cli.mjs'), 'server/index.mjs'], {
    cwd: path.join(repoRoot, 'shell'),
    env: {
      ...process.env,
      SHELL_PORT: String(port),
      API_URL: apiURL,
      CATALOGUE_URL: urls.catalogue,
      CART_CHECKOUT_URL: urls.cartCheckout,
      ACCOUNT_URL: urls.account,
      BACKOFFICE_URL: urls.backoffice,
    },
    // Ready when the server says it listens (its own line), not after a guessed delay.
    readyLine: 'listening on',
    timeoutMs: 15_000,
  });
  return { url: `http://localhost:${port}`, stop: server.stop };
}
