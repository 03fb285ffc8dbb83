// Types for the TypeScript benches and fault tests that start the API cluster (shop-api/bench/api-cluster.ts).
import type { Service } from './supervisor.mjs';

export interface ClusterOptions {
  instances: number;
  lbPort: number;
  instancePorts: number[];
  /** Where HAProxy's configuration is written (default .cache/cluster/haproxy-<port>.cfg). */
  haproxyConfigFile?: string;
}

export function clusterOptions(env?: NodeJS.ProcessEnv, argv?: string[]): ClusterOptions;
export function apiClusterServices(env: NodeJS.ProcessEnv | Record<string, string>, options: ClusterOptions, apiEnv?: Record<string, string>): Service[];
export function clusterSiteServices(env: NodeJS.ProcessEnv, options: ClusterOptions): Service[];
