// The supervisor's promises to a developer: a taken port is refused with a clear message,
// and a supervisor killed outright leaves no service running behind it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Supervisor } from '../lib/supervisor.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const PORT = 39_871;
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
    await assert.rejects(new Supervisor().start(dummy, { quiet: true }), /port 39871 \(dummy\) is already in use.*DUMMY_PORT/);
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
