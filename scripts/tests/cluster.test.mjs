// `npm run start:cluster`'s shape, without starting it: how many instances on which ports, the
// shell sent to HAProxy, HAProxy configured with every instance, each instance compiled and drained.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { clusterOptions, clusterSiteServices } from '../lib/cluster.mjs';

test('instances come from --instances, else API_INSTANCES, else 3; nonsense is refused', () => {
  assert.equal(clusterOptions({}, []).instances, 3);
  assert.equal(clusterOptions({ API_INSTANCES: '2' }, []).instances, 2);
  assert.equal(clusterOptions({ API_INSTANCES: '2' }, ['--instances', '5']).instances, 5);
  assert.throws(() => clusterOptions({}, ['--instances', '0']), /1 to 32/);
  assert.throws(() => clusterOptions({ API_INSTANCES: 'many' }, []), /1 to 32/);
});

test('HAProxy takes the API port; instances follow from API_INSTANCE_PORT (default LB + 10)', () => {
  assert.deepEqual(clusterOptions({}, ['--instances', '2']), { instances: 2, lbPort: 8080, instancePorts: [8090, 8091] });
  assert.deepEqual(clusterOptions({ API_PORT: '8680' }, ['--instances', '2']), { instances: 2, lbPort: 8680, instancePorts: [8690, 8691] });
  assert.deepEqual(clusterOptions({ API_LB_PORT: '9999', API_INSTANCE_PORT: '7000' }, ['--instances', '3']).instancePorts, [7000, 7001, 7002]);
});

test('the site: PostgreSQL, N compiled instances and HAProxy replace the API; the shell forwards to HAProxy', () => {
  const env = { API_PORT: '48080', PG_PORT: '45433', DATA_DIR: '/tmp/cgg-cluster-shape' };
  const haproxyConfigFile = path.join(os.tmpdir(), `cgg-cluster-shape-${process.pid}.cfg`);
  const services = clusterSiteServices(env, { ...clusterOptions(env, ['--instances', '2']), haproxyConfigFile });
  assert.deepEqual(services.map((s) => s.name), ['rtdb', 'postgres', 'api-1', 'api-2', 'haproxy', 'catalogue', 'cart-checkout', 'account', 'backoffice', 'shell']);
  const shell = services.find((s) => s.name === 'shell');
  assert.equal(shell.env.API_URL, 'http://127.0.0.1:48080');
  const api = services.find((s) => s.name === 'api-2');
  assert.deepEqual(api.command.slice(1), ['dist/main.js']);
  assert.equal(api.ready, 'http://127.0.0.1:48091/readyz');
  const haproxy = services.find((s) => s.name === 'haproxy');
  assert.equal(haproxy.command.at(-1), haproxyConfigFile);
  const config = readFileSync(haproxyConfigFile, 'utf8');
  rmSync(haproxyConfigFile);
  assert.match(config, /bind 127\.0\.0\.1:48080/);
  assert.match(config, /server api-1 127\.0\.0\.1:48090\n\s+server api-2 127\.0\.0\.1:48091/);
  assert.match(config, /http-check send meth GET uri \/readyz/);
});

test('with DATABASE_URL the cluster uses that server and starts no PostgreSQL of its own', () => {
  const env = { API_PORT: '48080', DATABASE_URL: 'postgres://u:p@db:5432/cgg' };
  const haproxyConfigFile = path.join(os.tmpdir(), `cgg-cluster-db-${process.pid}.cfg`);
  const services = clusterSiteServices(env, { ...clusterOptions(env, ['--instances', '1']), haproxyConfigFile });
  rmSync(haproxyConfigFile);
  assert.ok(!services.some((s) => s.name === 'postgres'));
  const api = services.find((s) => s.name === 'api-1');
  assert.equal(api.env.DATABASE_URL, 'postgres://u:p@db:5432/cgg');
  assert.equal(api.env.SHUTDOWN_DRAIN_DELAY_MS, '2000', 'longer than HAProxy takes to see /readyz turn 503');
});
