/*
 * The API as production runs it, for the cluster bench and the fault tests: the compiled build
 * (built first if its sources changed), N instances behind HAProxy, one throwaway embedded
 * PostgreSQL, optionally the local Realtime Database, all on free ports and under the site's
 * supervisor (scripts/lib/cluster.mjs, the same services `npm run start:cluster` runs), so an
 * instance killed is restarted as it would be there. `stop()` ends everything and removes the folder.
 */
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApi } from '../../scripts/lib/build.mjs';
import { apiClusterServices } from '../../scripts/lib/cluster.mjs';
import { siteServices } from '../../scripts/lib/services.mjs';
import { Supervisor } from '../../scripts/lib/supervisor.mjs';
import { freePort, retryOnPortInUse } from '../src/test/free-port.ts';

export interface ApiCluster {
  /** HAProxy: `http://127.0.0.1:<port>` */
  origin: string;
  /** The instances' service names (`api-1`...) and their own origins. */
  instances: Array<{ name: string; origin: string }>;
  databaseUrl: string;
  /** Its DATA_DIR (the embedded PostgreSQL is in `postgres/` under it). */
  dataDir: string;
  /** The Realtime Database's origin when started with `rtdb: true`. */
  rtdbOrigin: string | null;
  supervisor: Supervisor;
  /** Signals a service's process group (`api-2`, `postgres`, `rtdb`); resolves once it has exited. */
  kill(name: string, signal?: NodeJS.Signals): Promise<void>;
  /** Resolves when the supervisor reports `name` restarted and answering again. */
  restarted(name: string): Promise<void>;
  stop(): Promise<void>;
}

export interface ApiClusterOptions {
  instances: number;
  /** Start the local Realtime Database and point the instances' feed publishers at it. */
  rtdb?: boolean;
  /** Printed lines of the services (default quiet: only their errors). */
  verbose?: boolean;
}

/**
 * Starts the cluster on ports free when picked. Its services start one after the other (PostgreSQL
 * first, seconds), so one of those ports may be taken meanwhile: the supervisor refuses it
 * (PORT_IN_USE), and the cluster is started again on newly picked ports.
 */
export async function startApiCluster(options: ApiClusterOptions): Promise<ApiCluster> {
  buildApi();
  return retryOnPortInUse(() => startOnFreePorts(options));
}

async function startOnFreePorts(options: ApiClusterOptions): Promise<ApiCluster> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'cgg-cluster-'));
  await chmod(dataDir, 0o755); // the embedded server runs as 'postgres'
  const lbPort = await freePort();
  const instancePorts: number[] = [];
  for (let i = 0; i < options.instances; i++) instancePorts.push(await freePort());
  const env: Record<string, string> = { PG_PORT: String(await freePort()), DATA_DIR: dataDir, RTDB_PORT: String(await freePort()) };
  // The benches drive thousands of calls from 127.0.0.1: the per-address limits are raised so
  // they measure the API, not the limits. The draw loop and harm sweep are left as they run.
  const apiEnv: Record<string, string> = { SEED_DEMO_DATA: 'true', RATE_LIMIT_ADDRESS_FACTOR: '1000', ...(options.rtdb ? { RTDB_PORT: env.RTDB_PORT! } : {}) };
  const services = [
    ...(options.rtdb ? siteServices(env).filter((s) => s.name === 'rtdb') : []),
    ...apiClusterServices(env, { instances: options.instances, lbPort, instancePorts, haproxyConfigFile: path.join(dataDir, 'haproxy.cfg') }, apiEnv),
  ];
  const supervisor = new Supervisor();
  const quiet = !options.verbose;
  const exits = new Map<string, number>();
  supervisor.on('crashed', ({ name }: { name: string }) => exits.set(name, (exits.get(name) ?? 0) + 1));
  const stop = async (): Promise<void> => {
    await supervisor.stopAll();
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    for (const service of services) await supervisor.start(service, { quiet });
  } catch (err) {
    await stop();
    throw err;
  }
  const password = readFileSync(path.join(dataDir, 'postgres.password'), 'utf8').trim();
  return {
    origin: `http://127.0.0.1:${lbPort}`,
    instances: instancePorts.map((port, i) => ({ name: `api-${i + 1}`, origin: `http://127.0.0.1:${port}` })),
    databaseUrl: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${env.PG_PORT}/cgg`,
    dataDir,
    rtdbOrigin: options.rtdb ? `http://127.0.0.1:${env.RTDB_PORT}` : null,
    supervisor,
    kill: async (name, signal = 'SIGKILL') => {
      const before = exits.get(name) ?? 0;
      const crashed = new Promise<void>((resolve) => {
        const seen = ({ name: n }: { name: string }) => {
          if (n !== name || (exits.get(name) ?? 0) <= before) return;
          supervisor.off('crashed', seen);
          resolve();
        };
        supervisor.on('crashed', seen);
      });
      if (!supervisor.signal(name, signal)) throw new Error(`${name} is not running`);
      await crashed;
    },
    restarted: async (name) => {
      for (;;) {
        const [event] = (await once(supervisor, 'restarted')) as [{ name: string }];
        if (event.name === name) return;
      }
    },
    stop,
  };
}
