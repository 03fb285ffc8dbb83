// The site with several compiled API instances behind HAProxy (`npm run start:cluster`), and the
// same back end alone (the cluster bench and fault tests): one PostgreSQL of their own, N
// instances of `node shop-api/dist/main.js` on their own ports, HAProxy in front on the API's port.
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { drainDelayFor, haproxyBin, HEALTH_CHECK, writeHaproxyConfig } from './haproxy.mjs';
import { root } from './paths.mjs';
import { portsFrom } from './ports.mjs';
import { siteServices } from './services.mjs';

const shopApi = path.join(root, 'shop-api');
const tsx = path.join(shopApi, 'node_modules', 'tsx', 'dist', 'cli.mjs');

/**
 * The cluster's shape from the command line (`--instances N`) or API_INSTANCES (default 3), and
 * its ports: HAProxy on API_LB_PORT (default API_PORT, 8080: the address the shell and the
 * remotes' dev servers already use), the instances from API_INSTANCE_PORT up (default LB + 10).
 */
export function clusterOptions(env = process.env, argv = []) {
  const flag = argv.indexOf('--instances');
  const raw = flag >= 0 ? argv[flag + 1] : env.API_INSTANCES ?? '3';
  const instances = Number(raw);
  if (!Number.isInteger(instances) || instances < 1 || instances > 32) throw new Error(`--instances / API_INSTANCES must be a whole number from 1 to 32, got ${raw}`);
  const lbPort = Number(env.API_LB_PORT ?? portsFrom(env).api);
  const firstInstancePort = Number(env.API_INSTANCE_PORT ?? lbPort + 10);
  return { instances, lbPort, instancePorts: Array.from({ length: instances }, (_, i) => firstInstancePort + i) };
}

const dataDirOf = (env) => path.resolve(env.DATA_DIR ?? path.join(root, '.data'));

/**
 * The back end: PostgreSQL, the instances, HAProxy, in start order (HAProxy's configuration
 * written to `haproxyConfigFile`, default .cache/cluster/haproxy-<port>.cfg). `apiEnv` is added to every
 * instance's environment (what `npm start` gives its API: ports, SITE_URL, SEED_DEMO_DATA...).
 */
export function apiClusterServices(env = process.env, { instances, lbPort, instancePorts, haproxyConfigFile }, apiEnv = {}) {
  const ports = portsFrom(env);
  const dataDir = dataDirOf(env);
  const readyFile = path.join(dataDir, 'postgres.ready');
  const listed = Date.now();
  const postgres = {
    name: 'postgres',
    cwd: shopApi,
    command: [process.execPath, tsx, 'src/db/embedded-postgres-main.ts'],
    env: { PG_PORT: String(ports.postgres), DATA_DIR: dataDir },
    // Written once the database exists (not merely once the port listens); older files are a previous run's.
    ready: () => existsSync(readyFile) && statSync(readyFile).mtimeMs >= listed,
    port: ports.postgres,
    portEnv: 'PG_PORT',
    readyTimeoutMs: 120_000,
  };
  // The embedded server's password is made by its first start, so it is read when an instance starts.
  const databaseUrl = () => {
    const password = readFileOrNull(path.join(dataDir, 'postgres.password'));
    if (!password) throw new Error(`no ${path.join(dataDir, 'postgres.password')}: the postgres service has not started`);
    return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${ports.postgres}/cgg`;
  };
  const apis = instancePorts.slice(0, instances).map((port, i) => ({
    name: `api-${i + 1}`,
    cwd: shopApi,
    command: [process.execPath, 'dist/main.js'],
    get env() {
      return {
        ...apiEnv,
        API_PORT: String(port),
        DATABASE_URL: env.DATABASE_URL ?? databaseUrl(),
        DATA_DIR: dataDir,
        // Serve on while HAProxy's checks see /readyz turn 503 (graceful-shutdown.ts).
        SHUTDOWN_DRAIN_DELAY_MS: env.SHUTDOWN_DRAIN_DELAY_MS ?? String(drainDelayFor(HEALTH_CHECK)),
      };
    },
    ready: `http://127.0.0.1:${port}/readyz`,
    port,
    portEnv: 'API_INSTANCE_PORT',
    readyTimeoutMs: 120_000,
  }));
  // A bench or test passes a file in its own temporary folder, removed with it.
  const configFile = writeHaproxyConfig(haproxyConfigFile ?? path.join(root, '.cache', 'cluster', `haproxy-${lbPort}.cfg`), {
    bind: `127.0.0.1:${lbPort}`,
    servers: apis.map((a) => ({ name: a.name, address: `127.0.0.1:${a.port}` })),
  });
  const haproxy = {
    name: 'haproxy',
    cwd: root,
    command: [haproxyBin(env), '-db', '-f', configFile],
    env: {},
    ready: `http://127.0.0.1:${lbPort}/readyz`,
    port: lbPort,
    portEnv: 'API_LB_PORT',
  };
  return [...(env.DATABASE_URL ? [] : [postgres]), ...apis, haproxy];
}

function readFileOrNull(file) {
  try {
    return readFileSync(file, 'utf8').trim() || null;
  } catch {
    return null;
  }
}

/** The whole site as `npm start` runs it, its API replaced by the cluster, the shell sent to HAProxy. */
export function clusterSiteServices(env = process.env, options) {
  const site = siteServices(env);
  const api = site.find((s) => s.name === 'api');
  const { PG_PORT: _pgPort, API_PORT: _apiPort, ...apiEnv } = api.env;
  return site.flatMap((s) => {
    if (s.name === 'api') return apiClusterServices(env, options, apiEnv);
    if (s.name === 'shell') return [{ ...s, env: { ...s.env, API_URL: `http://127.0.0.1:${options.lbPort}` } }];
    return [s];
  });
}
