import { spawn } from 'node:child_process';
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

/**
 * Starts services one after another, each in its own process group so a stop
 * reaches its children too (tsx, postgres), and stops them in reverse order.
 */
export class Supervisor {
  #running = [];
  #stopping = false;
  onUnexpectedExit = (_name, _code) => {};

  async start(service, { quiet = false } = {}) {
    if (service.port && (await listening(service.port))) {
      const envName = service.portEnv ? ` or set ${service.portEnv}` : '';
      throw new Error(`port ${service.port} (${service.name}) is already in use: is another copy of the site running? Stop it${envName}.`);
    }
    const child = spawn(process.execPath, [orphanGuard, String(process.pid), ...service.command], {
      cwd: service.cwd,
      env: { ...process.env, ...service.env },
      stdio: quiet ? ['ignore', 'ignore', 'inherit'] : ['ignore', 'inherit', 'inherit'],
      detached: true,
    });
    const entry = { service, child, exited: false };
    child.on('exit', (code) => {
      entry.exited = true;
      if (!this.#stopping) this.onUnexpectedExit(service.name, code);
    });
    this.#running.push(entry);
    const deadline = Date.now() + (service.readyTimeoutMs ?? 60_000);
    while (Date.now() < deadline) {
      if (entry.exited) throw new Error(`${service.name} exited during start-up`);
      const ok = service.ready ? await answers(service.ready) : await listening(service.readyPort);
      if (ok) return;
      await sleep(150);
    }
    throw new Error(`${service.name} did not become ready in time`);
  }

  async stopAll() {
    this.#stopping = true;
    for (const entry of [...this.#running].reverse()) {
      if (entry.exited) continue;
      try {
        process.kill(-entry.child.pid, 'SIGTERM');
      } catch {
        continue;
      }
      const deadline = Date.now() + 15_000;
      while (!entry.exited && Date.now() < deadline) await sleep(100);
      if (!entry.exited) {
        try {
          process.kill(-entry.child.pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }
    }
    this.#running = [];
  }
}
