#!/usr/bin/env node
// Runs one service for the supervisor and ends it if the supervisor disappears.
// The supervisor stops its services in order on Ctrl-C or SIGTERM, but if it is killed
// outright (SIGKILL, a crashed terminal) its detached children would keep their ports
// and data folders locked; this guard notices the parent is gone and stops the child.
// Usage: node orphan-guard.mjs <parent-pid> <command> [args...]
import { spawn } from 'node:child_process';

const [parentArg, command, ...args] = process.argv.slice(2);
const parentPid = Number(parentArg);
const child = spawn(command, args, { stdio: 'inherit' });

function parentAlive() {
  try {
    process.kill(parentPid, 0);
    return true;
  } catch {
    return false;
  }
}

// Signals from the supervisor reach the whole process group, the child included:
// the guard only waits for the child to finish.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => {});

const watch = setInterval(() => {
  if (parentAlive()) return;
  clearInterval(watch);
  child.kill('SIGTERM');
  setTimeout(() => child.kill('SIGKILL'), 15_000).unref();
}, 500);

child.on('exit', (code, signal) => {
  clearInterval(watch);
  if (signal) {
    // End the same way, so the supervisor's log says the service was killed (SIGKILL), not "exit code 1".
    process.removeAllListeners(signal);
    process.kill(process.pid, signal);
    setTimeout(() => process.exit(1), 1000);
    return;
  }
  process.exit(code ?? 0);
});
