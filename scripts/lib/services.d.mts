// Types for the TypeScript benches and fault tests (shop-api/bench/api-cluster.ts).
import type { Service } from './supervisor.mjs';

export function siteServices(env?: NodeJS.ProcessEnv | Record<string, string>): Service[];
