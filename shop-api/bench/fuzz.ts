/**
 * `npm run bench:fuzz` (root): the hardening fuzz suite (issues 14 and 18). Starts the whole site on the
 * bench ports (as `npm start` starts it; `BENCH_PORT_OFFSET` moves every port, so two people can
 * run it on one machine), then sends malformed requests to every route the API declares
 * (`src/http/route-table.ts`: the contracts' calls, the back office's and the Store API, every
 * method), THROUGH THE SHELL (both addresses of each call): NUL bytes, unpaired surrogates, wrong
 * types, huge and negative numbers, huge bodies, broken JSON, wrong content types and forged
 * headers. The list of routes is the table itself, so a route added later is fuzzed with no
 * change here; and the API's own OpenAPI document is read first, so a route the API serves
 * but the table misses fails the run. It takes a digest of every table before and after and
 * prints the status histogram, per route too. Exit 1 on any 5xx or any write, on fewer than
 * 1,000 requests, when a declared route got no answer, or on an answer without the API's
 * security headers (helmet) as the shell passed it on.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { routeTable } from '../src/http/route-table.ts';
import { databaseDigest } from '../src/test/database-digest.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const { withSite, benchEnv } = (await import(path.join(root, 'scripts', 'bench', 'with-site.mjs'))) as {
  withSite: (fn: (baseUrl: string) => Promise<void>) => Promise<void>;
  benchEnv: Record<string, string>;
};

interface Route {
  name: string;
  route: string;
  method: 'GET' | 'POST' | 'DELETE';
  fields: string[];
}

/** Field names a call's request schema declares (zod mini object shapes), else a generic few. */
function fieldsOf(schema: unknown): string[] {
  const shape = (schema as { _zod?: { def?: { shape?: Record<string, unknown> } } } | null)?._zod?.def?.shape;
  return shape ? Object.keys(shape) : ['token', 'id', 'email'];
}

// Every route the API declares, from the table the API registers its routes from. The chat
// stream is one too: its answer is an endless event stream, so its status is counted from the
// headers and the stream is cancelled.
const routes: Route[] = Object.entries(routeTable).map(([name, r]) => ({ name, route: r.route, method: r.method, fields: fieldsOf(r.request) }));
const routeKey = (method: string, route: string): string => `${method} ${route}`;

/** Every port of the bench site moved by BENCH_PORT_OFFSET (withSite copies benchEnv into the environment). */
const offset = Number(process.env.BENCH_PORT_OFFSET ?? 0);
if (!Number.isInteger(offset) || offset < 0 || offset > 20_000) throw new Error(`BENCH_PORT_OFFSET must be a whole number from 0 to 20000, got ${process.env.BENCH_PORT_OFFSET}`);
for (const key of Object.keys(benchEnv).filter((k) => k.endsWith('_PORT'))) benchEnv[key] = String(Number(benchEnv[key]) + offset);

const HUGE = 'x'.repeat(70 * 1024);
const badValues: [string, unknown][] = [
  ['nul', 'a\u0000b'],
  ['surrogate', '\ud800x'],
  ['number', 123456789],
  ['huge-number', 1e308],
  ['negative', -999999999],
  ['float', 0.000001],
  ['array', ['a', { b: 1 }]],
  ['object', { nested: { deeper: 'x\u0000' } }],
  ['null', null],
  ['bool', true],
  ['long-string', 'y'.repeat(5000)],
  ['script', '<script>alert(1)</script>'],
  ['sql', "' OR 1=1; DROP TABLE customers; --"],
  ['proto', { __proto__: { admin: true }, constructor: { prototype: { admin: true } } }],
];

/** A query value; an unpaired surrogate has no UTF-8 form, so it goes as the bytes a broken client would send. */
function queryValue(value: string): string {
  return value.split(/([\ud800-\udfff])/).map((part) => (/^[\ud800-\udfff]$/.test(part) ? '%ED%A0%80' : encodeURIComponent(part))).join('');
}

interface Attempt {
  label: string;
  url: string;
  init: RequestInit;
}

/** Every malformed request for one route, at one of its two addresses. */
function attempts(r: Route, base: string): Attempt[] {
  const addresses = [`${base}/?rest_route=${r.route}`, `${base}/wp-json${r.route}`];
  const out: Attempt[] = [];
  for (const url of addresses) {
    const post = (label: string, body: string, headers: Record<string, string> = {}) =>
      out.push({ label, url, init: { method: r.method === 'GET' ? 'POST' : r.method, body, headers: { 'Content-Type': 'application/json', ...headers } } });
    for (const field of r.fields) {
      for (const [kind, value] of badValues) {
        if (r.method === 'GET') {
          const query = typeof value === 'string' ? value : JSON.stringify(value);
          out.push({ label: `query ${kind}`, url: `${url}${url.includes('?') ? '&' : '?'}${encodeURIComponent(field)}=${queryValue(query)}`, init: { method: 'GET' } });
        } else {
          post(`field ${kind}`, JSON.stringify({ [field]: value }));
        }
      }
    }
    post('huge body', JSON.stringify({ [r.fields[0] ?? 'x']: HUGE }));
    post('broken json', '{"a": ');
    post('json array', '[1,2,3]');
    out.push({ label: 'wrong content type', url, init: { method: 'POST', body: 'a=1&b=2', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } } });
    out.push({ label: 'forged bearer', url, init: { method: r.method, headers: { Authorization: 'Bearer forged.token.value', 'Content-Type': 'application/json' }, body: r.method === 'GET' ? undefined : '{}' } });
    out.push({ label: 'forged site credential', url, init: { method: r.method, headers: { Authorization: 'Basic Y2dnOmZvcmdlZA==', 'Content-Type': 'application/json' }, body: r.method === 'GET' ? undefined : '{}' } });
    out.push({ label: 'forged cart token', url, init: { method: r.method, headers: { 'Cart-Token': 'eyJhbGciOiJub25lIn0.eyJ1c2VyX2lkIjoxfQ.', Nonce: 'forged', 'X-Forwarded-For': '1.2.3.4, 127.0.0.1', 'Content-Type': 'application/json' }, body: r.method === 'GET' ? undefined : '{}' } });
    out.push({ label: 'idempotency key NUL', url, init: { method: 'POST', headers: { 'Idempotency-Key': 'key%00evil', 'Content-Type': 'application/json' }, body: '{"payment_method":123}' } });
  }
  return out;
}

function databaseUrl(): string {
  const dataDir = path.join(benchEnv.DATA_DIR!, 'postgres');
  const password = readFileSync(`${dataDir}.password`, 'utf8').trim();
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${benchEnv.PG_PORT}/cgg`;
}

interface Answer {
  status: number;
  /** The API's 404 for an address it has no route for: the request never reached the route. */
  noRoute: boolean;
  /** The answer came without the API's security headers (helmet, src/http/security-headers.ts) as the shell passed it on. */
  missingHeaders: boolean;
}

const withoutSecurityHeaders = (res: Response): boolean =>
  res.headers.get('x-content-type-options') !== 'nosniff' || !res.headers.get('content-security-policy')?.includes("default-src 'none'");

/** Points per rate-limit key (the `rate_limits` table of rate-limiter-flexible, migration 030). */
async function rateLimitPoints(pool: pg.Pool): Promise<Map<string, number>> {
  const { rows } = await pool.query<{ key: string; points: number }>('SELECT key, points FROM rate_limits');
  return new Map(rows.map((r) => [r.key, r.points]));
}

async function send(a: Attempt): Promise<Answer> {
  try {
    const res = await fetch(a.url, { ...a.init, redirect: 'manual', signal: AbortSignal.timeout(15_000) });
    // An event stream (the chat) never ends: its status is the answer.
    if (String(res.headers.get('content-type')).startsWith('text/event-stream')) {
      await res.body?.cancel();
      return { status: res.status, noRoute: false, missingHeaders: withoutSecurityHeaders(res) };
    }
    const text = await res.text();
    return { status: res.status, noRoute: res.status === 404 && text.includes('"rest_no_route"'), missingHeaders: withoutSecurityHeaders(res) };
  } catch (error) {
    console.log(`  no answer: ${a.label} ${a.init.method} ${a.url.slice(0, 120)} (${(error as Error).message})`);
    return { status: 0, noRoute: false, missingHeaders: false };
  }
}

let failed = false;
await withSite(async (base) => {
  const pool = new pg.Pool({ connectionString: databaseUrl(), max: 2 });
  pool.on('error', (error) => console.error('[fuzz] pool error', error.message));
  try {
    // The API's own list of what it serves (its OpenAPI document): each must be in the table fuzzed here.
    const documented = (await (await fetch(`${base}/wp-json/openapi.json`)).json()) as { paths: Record<string, Record<string, unknown>> };
    const fuzzed = new Set(routes.map((r) => routeKey(r.method, `/wp-json${r.route}`)));
    const served = Object.entries(documented.paths).flatMap(([p, methods]) => Object.keys(methods).map((m) => routeKey(m.toUpperCase(), p)));
    const notFuzzed = served.filter((k) => !fuzzed.has(k));
    // The Store API makes its signing key on first use when STORE_SECRET is unset (src/store/store-secret.ts):
    // one well-formed call first, so that start-up write is not taken for one of the fuzz's.
    await (await fetch(`${base}/wp-json/wc/store/v1/cart`)).arrayBuffer();
    const pointsBefore = await rateLimitPoints(pool);
    const before = await databaseDigest(pool);
    const histogram = new Map<number, number>();
    const answeredPerRoute = new Map<string, Map<number, number>>();
    // Routes at least one request reached (an answer other than "no such route").
    const reached = new Set<string>();
    const serverErrors: string[] = [];
    let withoutHeaders = 0;
    let total = 0;
    for (const r of routes) {
      const list = attempts(r, base);
      // A few at a time: malformed, not a load test.
      for (let i = 0; i < list.length; i += 8) {
        const batch = list.slice(i, i + 8);
        const answers = await Promise.all(batch.map(send));
        answers.forEach(({ status, noRoute, missingHeaders }, j) => {
          if (status > 0 && !noRoute) reached.add(r.name);
          if (missingHeaders) withoutHeaders += 1;
          total += 1;
          histogram.set(status, (histogram.get(status) ?? 0) + 1);
          const perRoute = answeredPerRoute.get(r.name) ?? new Map<number, number>();
          perRoute.set(status, (perRoute.get(status) ?? 0) + 1);
          answeredPerRoute.set(r.name, perRoute);
          if (status >= 500 || status === 0) serverErrors.push(`${status} ${r.name} ${batch[j]!.label} ${batch[j]!.init.method} ${batch[j]!.url.slice(base.length, base.length + 80)}`);
        });
      }
    }
    const after = await databaseDigest(pool);
    // Rate-limit points are counted apart: a call whose payload is well-formed for its route takes its
    // point before anything else, by design (e.g. forgot_password, whose `email` is any 3-254 characters
    // as WordPress' user_login is, so the fuzz's script and SQL strings are valid there). Every other
    // table must be untouched.
    const changed = Object.keys({ ...before, ...after }).filter((t) => t !== 'rate_limits' && before[t] !== after[t]);
    const pointsAfter = await rateLimitPoints(pool);
    const pointsTaken = [...pointsAfter].filter(([key, n]) => n !== (pointsBefore.get(key) ?? 0)).map(([key, n]) => `${key} +${n - (pointsBefore.get(key) ?? 0)}`);
    const counts = (m: Map<number, number>) => [...m].sort((a, b) => a[0] - b[0]).map(([s, n]) => `${s}: ${n}`).join(', ');
    console.log('per route (method route: statuses):');
    for (const r of routes) console.log(`  ${r.method.padEnd(6)} ${r.route.padEnd(44)} ${counts(answeredPerRoute.get(r.name) ?? new Map())}`);
    // A route none of whose requests reached it (no answer, or the API's "no such route") was not exercised.
    const unexercised = routes.filter((r) => !reached.has(r.name));
    console.log(`fuzz: ${total} malformed requests over ${routes.length} declared routes (${new Set(routes.map((r) => r.method)).size} methods, both addresses), through the shell`);
    console.log(`status histogram: ${counts(histogram)}`);
    console.log(`5xx or no answer: ${serverErrors.length}`);
    console.log(`answers without the security headers: ${withoutHeaders}`);
    for (const line of serverErrors.slice(0, 30)) console.log(`  ${line}`);
    console.log(`tables changed (rate_limits aside): ${changed.length ? changed.join(', ') : 'none'}`);
    console.log(`rate-limit points taken by well-formed calls: ${pointsTaken.length ? pointsTaken.join(', ') : 'none'}`);
    console.log(`declared routes not exercised: ${unexercised.length ? unexercised.map((r) => routeKey(r.method, r.route)).join(', ') : 'none'}`);
    console.log(`routes the API documents but the table misses: ${notFuzzed.length ? notFuzzed.join(', ') : 'none'}`);
    failed = serverErrors.length > 0 || changed.length > 0 || total < 1000 || unexercised.length > 0 || notFuzzed.length > 0 || withoutHeaders > 0;
  } finally {
    await pool.end();
  }
});
process.exit(failed ? 1 : 0);
