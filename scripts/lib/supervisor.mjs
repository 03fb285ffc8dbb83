import { spawn } from 'node:child_process';
import { EventEmitter } from 'node:events';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const orphanGuard = path.join(path.dirname(fileURLToPath(import.meta.url)), 'orphan-guard.mjs');

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function answers(url) {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
    return res.status < 500;
  } catch {
    return false;
  }
}

function listening(port) {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });
}

/** How a service is brought back after it dies (docs/decisions.md#the-site-keeps-running). */
export const DEFAULT_RESTART_POLICY = {
  /** First delay after a crash; doubles with each crash in a row, up to maxDelayMs. */
  initialDelayMs: 500,
  maxDelayMs: 10_000,
  /** Up this long, a service counts as healthy again: its next crash starts the delays over. */
  stableAfterMs: 30_000,
  /** This many restarts in a row that died before answering: it will not come up, stop trying. */
  maxFailedRestarts: 5,
};

const describeExit = (code, signal) => (signal ? `signal ${signal}` : `exit code ${code}`);

/**
 * Starts services one after another, each in its own process group so a stop reaches
 * its children too (tsx, postgres), and stops them in reverse order.
 *
 * A service that dies after it was up is restarted, after a delay doubling from 0.5 s to
 * 10 s (starting over once it stayed up 30 s), while the rest of the site keeps running.
 * One whose restarts die 5 times in a row before answering is given up ('gave-up';
 * `npm start` then stops the site, and CI fails clearly instead of looping). A service
 * failing its first start fails `start()`. A service killed again and again that comes
 * back each time is restarted each time.
 *
 * Events: 'crashed' {name, code, signal, crashes, delayMs}, 'restarted' {name, pid},
 * 'gave-up' {name, code, signal, failedRestarts}.
 */
export class Supervisor extends EventEmitter {
  #entries = [];
  #stopping = false;
  #policy;

  constructor(policy = {}) {
    super();
    this.#policy = { ...DEFAULT_RESTART_POLICY, ...policy };
  }

  async start(service, { quiet = false } = {}) {
    if (service.port && (await listening(service.port))) {
      const envName = service.portEnv ? ` or set ${service.portEnv}` : '';
      const message = `port ${service.port} (${service.name}) is already in use: is another copy of the site running? Stop it${envName}.`;
      throw Object.assign(new Error(message), { code: 'PORT_IN_USE' });
    }
    // crashes: in a row, for the delay; failedRestarts: restarts in a row that never answered.
    const entry = { service, quiet, child: null, exited: false, ready: false, startedAt: 0, crashes: 0, failedRestarts: 0, timer: null, up: false };
    this.#entries.push(entry);
    this.#spawn(entry);
    if (!(await this.#waitReady(entry))) {
      throw new Error(entry.exited ? `${service.name} exited during start-up` : `${service.name} did not become ready in time`);
    }
    entry.up = true;
    entry.ready = true;
  }

  #spawn(entry) {
    const { service, quiet } = entry;
    const child = spawn(process.execPath, [orphanGuard, String(process.pid), ...service.command], {
      cwd: service.cwd,
      env: { ...process.env, ...service.env },
      stdio: quiet ? ['ignore', 'ignore', 'inherit'] : ['ignore', 'inherit', 'inherit'],
      detached: true,
    });
    entry.child = child;
    entry.exited = false;
    entry.ready = false;
    entry.startedAt = Date.now();
    child.on('exit', (code, signal) => {
      if (entry.child !== child) return;
      entry.exited = true;
      // Before its first start completed, start() reports the failure itself.
      if (!this.#stopping && entry.up) this.#onCrash(entry, code, signal);
    });
  }

  /** Polls the readiness URL or port until it answers, the process exits or the time is up. */
  async #waitReady(entry) {
    const { service } = entry;
    const child = entry.child;
    const deadline = Date.now() + (service.readyTimeoutMs ?? 60_000);
    while (Date.now() < deadline) {
      if (entry.exited || entry.child !== child || this.#stopping) return false;
      const ok = typeof service.ready === 'function' ? await service.ready() : service.ready ? await answers(service.ready) : await listening(service.readyPort);
      if (ok && !entry.exited && entry.child === child) return true;
      await sleep(150);
    }
    return false;
  }

  #onCrash(entry, code, signal) {
    const { name } = entry.service;
    // Whatever the dead process left in its group (tsx's child, an embedded postgres) goes too.
    killGroup(entry.child, 'SIGKILL');
    if (Date.now() - entry.startedAt >= this.#policy.stableAfterMs) entry.crashes = 0;
    entry.crashes += 1;
    entry.failedRestarts = entry.ready ? 0 : entry.failedRestarts + 1;
    if (entry.failedRestarts >= this.#policy.maxFailedRestarts) {
      this.emit('gave-up', { name, code, signal, failedRestarts: entry.failedRestarts });
      return;
    }
    const delayMs = Math.min(this.#policy.initialDelayMs * 2 ** (entry.crashes - 1), this.#policy.maxDelayMs);
    this.emit('crashed', { name, code, signal, crashes: entry.crashes, delayMs });
    entry.timer = setTimeout(() => void this.#restart(entry), delayMs);
  }

  async #restart(entry) {
    entry.timer = null;
    if (this.#stopping) return;
    this.#spawn(entry);
    const child = entry.child;
    if (await this.#waitReady(entry)) {
      entry.ready = true;
      this.emit('restarted', { name: entry.service.name, pid: child.pid });
    } else if (!entry.exited && entry.child === child && !this.#stopping) {
      // Up but never ready: treat it as a crash (its exit brings the next try).
      killGroup(child, 'SIGTERM');
    }
  }

  /**
   * Sends `signal` to a running service's whole process group (a fault test killing one API
   * instance); false when it is not running. A service killed this way counts as crashed and
   * is restarted like any other.
   */
  signal(name, signal) {
    const entry = this.#entries.find((e) => e.service.name === name);
    if (!entry?.child || entry.exited) return false;
    return killGroup(entry.child, signal);
  }

  async stopAll() {
    this.#stopping = true;
    for (const entry of [...this.#entries].reverse()) {
      clearTimeout(entry.timer);
      if (!entry.child || entry.exited) continue;
      if (!killGroup(entry.child, 'SIGTERM')) continue;
      const deadline = Date.now() + 15_000;
      while (!entry.exited && Date.now() < deadline) await sleep(100);
      if (!entry.exited) killGroup(entry.child, 'SIGKILL');
    }
    this.#entries = [];
  }
}

/** Signals a service's whole process group; false when it is already gone. */
function killGroup(child, signal) {
  try {
    process.kill(-child.pid, signal);
    return true;
  } catch {
    return false;
  }
}

/** One line per event for a person reading `npm start`'s output. */
export function logRestarts(supervisor, log = (line) => console.error(line)) {
  supervisor.on('crashed', ({ name, code, signal, crashes, delayMs }) =>
    log(`[start] ${name} stopped unexpectedly (${describeExit(code, signal)}); restart ${crashes} in ${(delayMs / 1000).toFixed(1)} s`),
  );
  supervisor.on('restarted', ({ name, pid }) => log(`[start] ${name} restarted (pid ${pid}) and answers again`));
  supervisor.on('gave-up', ({ name, code, signal, failedRestarts }) =>
    log(`[start] ${name} did not come back: ${failedRestarts} restarts in a row ended before it answered (last: ${describeExit(code, signal)}); giving up`),
  );
}
