import path from 'node:path';
import { buildFrontEnds } from '../lib/build.mjs';
import { ensureInstalled } from '../lib/install.mjs';
import { siteServices } from '../lib/services.mjs';
import { Supervisor } from '../lib/supervisor.mjs';
import { root } from '../lib/paths.mjs';

/**
 * Bench ports: a running `npm start` or e2e run is left alone. BENCH_PORT_OFFSET moves them all,
 * so two benches on one machine (two worktrees) do not collide.
 */
const offset = Number(process.env.BENCH_PORT_OFFSET ?? 0);
const port = (base) => String(base + offset);
export const benchEnv = {
  SHELL_PORT: port(3200),
  CATALOGUE_PORT: port(3201),
  CART_CHECKOUT_PORT: port(3202),
  ACCOUNT_PORT: port(3203),
  BACKOFFICE_PORT: port(3204),
  API_PORT: port(8280),
  RTDB_PORT: port(9200),
  PG_PORT: port(5633),
  DATA_DIR: path.join(root, '.data', 'bench'),
};

/** Runs `fn(baseUrl)` against the whole site started as `npm start` starts it, then stops it. */
export async function withSite(fn) {
  ensureInstalled();
  buildFrontEnds();
  Object.assign(process.env, benchEnv);
  const supervisor = new Supervisor();
  try {
    for (const s of siteServices()) await supervisor.start(s, { quiet: true });
    return await fn(`http://localhost:${benchEnv.SHELL_PORT}`);
  } finally {
    await supervisor.stopAll();
  }
}

/** The path of the first listed competition's details page on the running site. */
export async function aDetailsPath(baseUrl) {
  const res = await fetch(`${baseUrl}/?rest_route=/api/v1/competition`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: 'Bearer cgg-storefront' },
    body: JSON.stringify({ limit: 1 }),
  });
  const [c] = (await res.json()).data;
  return `/competition/details/${c.title.toLowerCase().replace(/\W+/g, '-').replace(/^-+|-+$/g, '')}-${c.id}`;
}
