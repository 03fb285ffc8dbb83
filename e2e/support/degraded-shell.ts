import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { apiURL, remoteURLs, repoRoot, spareE2ePort } from './site.ts';

export type RemoteKey = keyof typeof remoteURLs;

/** A port where nothing listens: a remote "stopped" as far as any browser can tell. */
const DEAD_REMOTE = `http://localhost:${spareE2ePort(89)}`;

/**
 * A second shell server over the same build, API and remotes, except that one
 * remote's address points where nothing runs: the site as shoppers see it while
 * that team's deployment is down.
 */
export async function startShellWithout(remote: RemoteKey, port: number): Promise<{ url: string; stop: () => Promise<void> }> {
  const urls = { ...remoteURLs, [remote]: DEAD_REMOTE };
  const child: ChildProcess = spawn(process.execPath, ['server/index.mjs'], {
    cwd: path.join(repoRoot, 'shell'),
    env: {
      ...process.env,
      SHELL_PORT: String(port),
      API_URL: apiURL,
      CATALOGUE_URL: urls.catalogue,
      CART_CHECKOUT_URL: urls.cartCheckout,
      ACCOUNT_URL: urls.account,
    },
    stdio: 'ignore',
  });
  const url = `http://localhost:${port}`;
  const deadline = Date.now() + 15_000;
  for (;;) {
    try {
      if ((await fetch(`${url}/`)).ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error('degraded shell did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
