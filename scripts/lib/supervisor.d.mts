// Types for the TypeScript benches and fault tests that drive the supervisor (shop-api/bench/api-cluster.ts).
import { EventEmitter } from 'node:events';

export interface Service {
  name: string;
  cwd: string;
  command: string[];
  env: Record<string, string>;
  ready?: string | (() => boolean | Promise<boolean>);
  readyPort?: number;
  port?: number;
  portEnv?: string;
  readyTimeoutMs?: number;
}

export interface RestartPolicy {
  initialDelayMs: number;
  maxDelayMs: number;
  stableAfterMs: number;
  maxFailedRestarts: number;
}

export const DEFAULT_RESTART_POLICY: RestartPolicy;

export class Supervisor extends EventEmitter {
  constructor(policy?: Partial<RestartPolicy>);
  start(service: Service, options?: { quiet?: boolean }): Promise<void>;
  signal(name: string, signal: NodeJS.Signals): boolean;
  stopAll(): Promise<void>;
}

export function logRestarts(supervisor: Supervisor, log?: (line: string) => void): void;
