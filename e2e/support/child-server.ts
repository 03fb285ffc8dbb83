import { spawn, type ChildProcess } from 'node:child_process';

export interface ChildServer {
  pid: number;
  /** True once the process has ended (a test checks its server was not restarted). */
  exited(): boolean;
  stop(): Promise<void>;
}

/**
 * Runs one of the site's servers as a test's own process and resolves when it prints its
 * ready line (the server's own "listening" words, not a guessed delay).
 */
export async function startChildServer(
  name: string,
  command: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; readyLine: string; timeoutMs?: number },
): Promise<ChildServer> {
  const child: ChildProcess = spawn(command[0]!, command.slice(1), { cwd: options.cwd, env: options.env, stdio: ['ignore', 'pipe', 'pipe'] });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  await new Promise<void>((resolve, reject) => {
    let said = '';
    const timeoutMs = options.timeoutMs ?? 60_000;
    const timer = setTimeout(() => fail(new Error(`${name} did not start within ${timeoutMs / 1000} s: ${said}`)), timeoutMs);
    const fail = (err: Error) => {
      clearTimeout(timer);
      child.kill('SIGTERM');
      reject(err);
    };
    child.stdout!.on('data', (chunk: Buffer) => {
      said += chunk.toString();
      if (said.includes(options.readyLine)) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => {
      said += chunk.toString();
    });
    child.once('exit', (code) => fail(new Error(`${name} exited (${code}): ${said}`)));
  });
  return { pid: child.pid!, exited: () => child.exitCode !== null || child.signalCode !== null, stop };
}
