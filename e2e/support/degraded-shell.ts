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
export function startShellWithout(remote: RemoteKey, port: number): Promise<{ url: string; stop: () => Promise<void> }> {
  return startShellWith({ [remote]: DEAD_REMOTE }, port);
}

/** A second shell server over the same build and API, with some remotes' addresses replaced. */
export async function startShellWith(remotes: Partial<Record<RemoteKey, string>>, port: number): Promise<{ url: string; stop: () => Promise<void> }> {
  const urls = { ...remoteURLs, ...remotes };
  const child: ChildProcess = spawn(process.execPath, [path.join(repoRoot, 'shell', 'node_modules', 'tsx', 'dist', 'cli.mjs'), 'server/index.mjs'], {
    cwd: path.join(repoRoot, 'shell'),
    env: {
      ...process.env,
      SHELL_PORT: String(port),
      API_URL: apiURL,
      CATALOGUE_URL: urls.catalogue,
      CART_CHECKOUT_URL: urls.cartCheckout,
      ACCOUNT_URL: urls.account,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const url = `http://localhost:${port}`;
  // Ready when the server says it listens (its own line), not after a guessed delay.
  await new Promise<void>((resolve, reject) => {
    let said = '';
    const timer = setTimeout(() => fail(new Error(`degraded shell did not start within 15 s: ${said}`)), 15_000);
    const fail = (err: Error) => {
      clearTimeout(timer);
      child.kill('SIGTERM');
      reject(err);
    };
    child.stdout!.on('data', (chunk: Buffer) => {
      said += chunk.toString();
      if (said.includes('listening on')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => {
      said += chunk.toString();
    });
    child.once('exit', (code) => fail(new Error(`degraded shell exited (${code}): ${said}`)));
  });
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
