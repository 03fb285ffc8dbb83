/**
 * `npm run bench:fuzz` (root): the hardening fuzz suite (issue 14). Starts the whole site on the
 * bench ports (as `npm start` starts it), then sends malformed requests to every route the API
 * declares (`src/http/route-table.ts`: the contracts' calls and the Store API), THROUGH THE SHELL (both addresses of each call): NUL
 * bytes, unpaired surrogates, wrong types, huge and negative numbers, huge bodies, broken JSON,
 * wrong content types and forged headers. It takes a digest of every table before and after and
 * prints the status histogram. Exit 1 on any 5xx or any write.
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

// Every route the API declares (the chat stream aside: it never ends, so it has no status to count).
const routes: Route[] = Object.entries(routeTable)
  .filter(([name]) => name !== 'chatStream')
  .map(([name, r]) => ({ name, route: r.route, method: r.method, fields: fieldsOf(r.request) }));

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
          out.push({ label: `query ${kind}`, url: `${url}&${encodeURIComponent(field)}=${queryValue(query)}`, init: { method: 'GET' } });
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

async function send(a: Attempt): Promise<number> {
  try {
    const res = await fetch(a.url, { ...a.init, redirect: 'manual', signal: AbortSignal.timeout(15_000) });
    await res.arrayBuffer();
    return res.status;
  } catch (error) {
    console.log(`  no answer: ${a.label} ${a.init.method} ${a.url.slice(0, 120)} (${(error as Error).message})`);
    return 0;
  }
}

let failed = false;
await withSite(async (base) => {
  const pool = new pg.Pool({ connectionString: databaseUrl(), max: 2 });
  pool.on('error', (error) => console.error('[fuzz] pool error', error.message));
  try {
    const before = await databaseDigest(pool);
    const histogram = new Map<number, number>();
    const serverErrors: string[] = [];
    let total = 0;
    for (const r of routes) {
      const list = attempts(r, base);
      // A few at a time: malformed, not a load test.
      for (let i = 0; i < list.length; i += 8) {
        const batch = list.slice(i, i + 8);
        const statuses = await Promise.all(batch.map(send));
        statuses.forEach((status, j) => {
          total += 1;
          histogram.set(status, (histogram.get(status) ?? 0) + 1);
          if (status >= 500 || status === 0) serverErrors.push(`${status} ${r.name} ${batch[j]!.label} ${batch[j]!.init.method} ${batch[j]!.url.slice(base.length, base.length + 80)}`);
        });
      }
    }
    const after = await databaseDigest(pool);
    const changed = Object.keys({ ...before, ...after }).filter((t) => before[t] !== after[t]);
    console.log(`fuzz: ${total} malformed requests over ${routes.length} routes (both addresses), through the shell`);
    console.log(`status histogram: ${[...histogram].sort((a, b) => a[0] - b[0]).map(([s, n]) => `${s}: ${n}`).join(', ')}`);
    console.log(`5xx or no answer: ${serverErrors.length}`);
    for (const line of serverErrors.slice(0, 30)) console.log(`  ${line}`);
    console.log(`tables changed: ${changed.length ? changed.join(', ') : 'none'}`);
    failed = serverErrors.length > 0 || changed.length > 0 || total < 1000;
  } finally {
    await pool.end();
  }
});
process.exit(failed ? 1 : 0);
