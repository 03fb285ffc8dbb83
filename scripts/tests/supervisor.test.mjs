// The supervisor's promises to a developer: a taken port is refused with a clear message,
// a supervisor killed outright leaves no service running behind it, a crashed service is
// restarted (doubling delays, the rest untouched), and one that cannot stay up is given up.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { EventEmitter, once } from 'node:events';
import { rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { logRestarts, Supervisor } from '../lib/supervisor.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
// Below Linux's ephemeral range (32768-60999): a port there can be taken at any moment by some
// process's outgoing connection, which made a test's server fail to start now and then.
const PORT = 31_871;
const listenForever = `require('node:net').createServer().listen(${PORT}, '127.0.0.1'); setInterval(() => {}, 1000);`;
const dummy = { name: 'dummy', cwd: here, command: [process.execPath, '-e', listenForever], env: {}, readyPort: PORT, port: PORT, portEnv: 'DUMMY_PORT' };

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
function portTaken(port) {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });
}

test('a port already in use is refused with a message naming it', async () => {
  const blocker = net.createServer().listen(PORT, '127.0.0.1');
  await new Promise((r) => blocker.once('listening', r));
  try {
    await assert.rejects(new Supervisor().start(dummy, { quiet: true }), { code: 'PORT_IN_USE', message: new RegExp(`port ${PORT} \\(dummy\\) is already in use.*DUMMY_PORT`) });
  } finally {
    blocker.close();
  }
});

test('services stop when the supervisor is killed outright', async () => {
  const parentCode = `
    import { Supervisor } from ${JSON.stringify(path.join(here, '..', 'lib', 'supervisor.mjs'))};
    await new Supervisor().start(${JSON.stringify(dummy)}, { quiet: true });
    console.log('ready');
    setInterval(() => {}, 1000);
  `;
  const parent = spawn(process.execPath, ['--input-type=module', '-e', parentCode], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise((resolve) => parent.stdout.on('data', (d) => String(d).includes('ready') && resolve()));
  assert.equal(await portTaken(PORT), true);
  parent.kill('SIGKILL');
  let taken = true;
  for (let i = 0; i < 40 && taken; i += 1) {
    await sleep(100);
    taken = await portTaken(PORT);
  }
  assert.equal(taken, false, 'the service still listens after its supervisor died');
});

// A service that answers each connection with its own pid, so a test can kill exactly it
// (not its orphan guard); with a marker file it starts once and then crashes (exit 3) at every start.
function pidServer(name, port, { crashAfterFirstStart } = {}) {
  const marker = crashAfterFirstStart ? JSON.stringify(path.join(os.tmpdir(), `cgg-supervisor-${process.pid}-${name}`)) : null;
  const code = `
    const fs = require('node:fs');
    ${marker ? `if (fs.existsSync(${marker})) process.exit(3); fs.writeFileSync(${marker}, '');` : ''}
    // The supervisor's readiness probe hangs up at once: its reset must not end this server.
    require('node:net').createServer((s) => s.on('error', () => {}).end(String(process.pid))).listen(${port}, '127.0.0.1');
    setInterval(() => {}, 1000);`;
  return { name, cwd: here, command: [process.execPath, '-e', code], env: {}, readyPort: port, port, cleanup: () => marker && rmSync(JSON.parse(marker), { force: true }) };
}

function pidAt(port) {
  return new Promise((resolve, reject) => {
    let said = '';
    const socket = net.connect({ port, host: '127.0.0.1' });
    socket.on('data', (d) => (said += d));
    socket.on('end', () => resolve(Number(said)));
    socket.on('error', reject);
  });
}

/** Every event the supervisor emits, in order. */
function record(supervisor) {
  const events = [];
  for (const type of ['crashed', 'restarted', 'gave-up']) supervisor.on(type, (e) => events.push({ type, ...e }));
  return events;
}

// Short delays; a regression fails a test by its timeout instead of hanging the run.
const quickPolicy = { initialDelayMs: 20, maxDelayMs: 50, stableAfterMs: 60_000, maxFailedRestarts: 3 };

test('a killed service is restarted with doubling delays while the others keep running', { timeout: 20_000 }, async () => {
  const supervisor = new Supervisor(quickPolicy);
  const events = record(supervisor);
  const victim = pidServer('victim', 31_872);
  const bystander = pidServer('bystander', 31_873);
  try {
    await supervisor.start(victim, { quiet: true });
    await supervisor.start(bystander, { quiet: true });
    const bystanderPid = await pidAt(31_873);

    const first = await pidAt(31_872);
    process.kill(first, 'SIGKILL');
    await once(supervisor, 'restarted');
    const second = await pidAt(31_872);
    assert.notEqual(second, first);

    process.kill(second, 'SIGKILL');
    await once(supervisor, 'restarted');
    assert.notEqual(await pidAt(31_872), second);

    assert.deepEqual(
      events.map(({ type, name, signal, delayMs }) => ({ type, name, ...(type === 'crashed' ? { signal, delayMs } : {}) })),
      [
        { type: 'crashed', name: 'victim', signal: 'SIGKILL', delayMs: 20 },
        { type: 'restarted', name: 'victim' },
        { type: 'crashed', name: 'victim', signal: 'SIGKILL', delayMs: 40 },
        { type: 'restarted', name: 'victim' },
      ],
    );
    assert.equal(await pidAt(31_873), bystanderPid, 'the other service was restarted too');
  } finally {
    await supervisor.stopAll();
  }
});

test('a service up longer than stableAfterMs starts the delays over', { timeout: 20_000 }, async () => {
  const supervisor = new Supervisor({ ...quickPolicy, stableAfterMs: 0 });
  const events = record(supervisor);
  const victim = pidServer('victim', 31_872);
  try {
    await supervisor.start(victim, { quiet: true });
    for (let i = 0; i < 2; i += 1) {
      process.kill(await pidAt(31_872), 'SIGKILL');
      await once(supervisor, 'restarted');
    }
    assert.deepEqual(events.filter((e) => e.type === 'crashed').map((e) => e.delayMs), [20, 20]);
  } finally {
    await supervisor.stopAll();
  }
});

test('a service whose restarts keep dying before they answer is given up after maxFailedRestarts, with its exit code', { timeout: 20_000 }, async () => {
  const supervisor = new Supervisor(quickPolicy);
  const events = record(supervisor);
  const flaky = pidServer('flaky', 31_872, { crashAfterFirstStart: true });
  try {
    await supervisor.start(flaky, { quiet: true });
    const gaveUp = once(supervisor, 'gave-up');
    process.kill(await pidAt(31_872), 'SIGKILL');
    const [event] = await gaveUp;
    assert.deepEqual({ name: event.name, code: event.code, failedRestarts: event.failedRestarts }, { name: 'flaky', code: 3, failedRestarts: 3 });
    assert.deepEqual(events.filter((e) => e.type === 'crashed').map((e) => [e.code, e.delayMs]), [[null, 20], [3, 40], [3, 50]]);
    assert.equal(events.filter((e) => e.type === 'restarted').length, 0);
  } finally {
    await supervisor.stopAll();
    flaky.cleanup();
  }
});

test('a service killed more times than maxFailedRestarts, coming back each time, is restarted each time', { timeout: 20_000 }, async () => {
  const supervisor = new Supervisor({ ...quickPolicy, maxDelayMs: 20 });
  const events = record(supervisor);
  try {
    await supervisor.start(pidServer('victim', 31_872), { quiet: true });
    for (let i = 0; i <= quickPolicy.maxFailedRestarts; i += 1) {
      process.kill(await pidAt(31_872), 'SIGKILL');
      await once(supervisor, 'restarted');
    }
    assert.equal(events.filter((e) => e.type === 'restarted').length, quickPolicy.maxFailedRestarts + 1);
    assert.equal(events.filter((e) => e.type === 'gave-up').length, 0);
  } finally {
    await supervisor.stopAll();
  }
});

test('a service that fails its first start fails start() with its name', { timeout: 20_000 }, async () => {
  const broken = { name: 'broken', cwd: here, command: [process.execPath, '-e', 'process.exit(2)'], env: {}, readyPort: 31_874, port: 31_874 };
  const supervisor = new Supervisor(quickPolicy);
  try {
    await assert.rejects(supervisor.start(broken, { quiet: true }), /broken exited during start-up/);
  } finally {
    await supervisor.stopAll();
  }
});

test('stopAll stops every service and restarts none of them', { timeout: 20_000 }, async () => {
  const supervisor = new Supervisor(quickPolicy);
  const events = record(supervisor);
  await supervisor.start(pidServer('one', 31_872), { quiet: true });
  await supervisor.start(pidServer('two', 31_873), { quiet: true });
  await supervisor.stopAll();
  assert.equal(await portTaken(31_872), false);
  assert.equal(await portTaken(31_873), false);
  assert.deepEqual(events, []);
});

test('npm start logs each crash with its exit and each restart', () => {
  const supervisor = new EventEmitter();
  const lines = [];
  logRestarts(supervisor, (line) => lines.push(line));
  supervisor.emit('crashed', { name: 'catalogue', code: null, signal: 'SIGKILL', crashes: 1, delayMs: 500 });
  supervisor.emit('restarted', { name: 'catalogue', pid: 42 });
  supervisor.emit('gave-up', { name: 'api', code: 1, signal: null, failedRestarts: 5 });
  assert.deepEqual(lines, [
    '[start] catalogue stopped unexpectedly (signal SIGKILL); restart 1 in 0.5 s',
    '[start] catalogue restarted (pid 42) and answers again',
    '[start] api did not come back: 5 restarts in a row ended before it answered (last: exit code 1); giving up',
  ]);
});

test('signal() reaches a named service (a fault test killing one API instance), which is then restarted', { timeout: 20_000 }, async () => {
  const supervisor = new Supervisor(quickPolicy);
  const victim = pidServer('victim', 31_872);
  try {
    await supervisor.start(victim, { quiet: true });
    const first = await pidAt(31_872);
    assert.equal(supervisor.signal('nobody', 'SIGKILL'), false);
    const crashed = once(supervisor, 'crashed');
    assert.equal(supervisor.signal('victim', 'SIGKILL'), true);
    const [event] = await crashed;
    assert.equal(event.signal, 'SIGKILL');
    await once(supervisor, 'restarted');
    assert.notEqual(await pidAt(31_872), first);
  } finally {
    await supervisor.stopAll();
  }
});

test('a readiness function decides when a service is ready (the cluster waits for a database, not for its port)', { timeout: 20_000 }, async () => {
  let asked = 0;
  const service = { ...pidServer('gated', 31_872), readyPort: undefined, ready: async () => (asked += 1) >= 3 };
  const supervisor = new Supervisor(quickPolicy);
  try {
    await supervisor.start(service, { quiet: true });
    assert.equal(asked, 3, 'started only once the function said ready');
  } finally {
    await supervisor.stopAll();
  }
});
