import type { FastifyInstance } from 'fastify';
import { WpHttpError } from './wp-error.ts';

/*
 * PostgreSQL's text cannot hold U+0000, and an unpaired UTF-16 surrogate (which JSON's
 * `\ud800` escape and a bad query string can both produce) is not a character at all:
 * either one reaching a query made that call answer 500 (issue 14: getSEOSettings,
 * competition, login, register, the basket calls...). So every string of a request is
 * checked once, at the edge, before any handler or schema runs, and the first bad one
 * is refused with a 400 naming its field, in the shape of the API's other 400s.
 */

export interface BadString {
  /** Where it is: `email`, `billing_address.city`, `payment_data[2].value`. */
  field: string;
  reason: string;
}

export const NUL_REASON = 'Contains a NUL character (\\u0000), which is not allowed.';
export const SURROGATE_REASON = 'Contains invalid Unicode (an unpaired surrogate).';

/** Cheap first look: a string without any of these needs no closer check. NUL is the point here. */
// eslint-disable-next-line no-control-regex
const SUSPECT = /[\u0000\uD800-\uDFFF]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function reasonFor(s: string): string | null {
  if (!SUSPECT.test(s)) return null;
  if (s.includes('\u0000')) return NUL_REASON;
  return LONE_SURROGATE.test(s) ? SURROGATE_REASON : null;
}

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object';

/** A key as it can be shown in a field path (a bad key is shown escaped, as JSON would write it). */
const showKey = (key: string): string => (reasonFor(key) ? JSON.stringify(key).slice(1, -1) : key);

const childPath = (parent: string, key: string | number): string =>
  typeof key === 'number' ? `${parent}[${key}]` : parent === '' ? showKey(key) : `${parent}.${showKey(key)}`;

/**
 * The first bad string (value or key) anywhere in `value`, depth first. Iterative: a 64 KB
 * body can nest tens of thousands of arrays, deeper than the call stack.
 */
export function findBadString(value: unknown, root = ''): BadString | null {
  const pending: Array<[unknown, string]> = [[value, root]];
  while (pending.length > 0) {
    const [v, where] = pending.pop()!;
    if (typeof v === 'string') {
      const reason = reasonFor(v);
      if (reason) return { field: where || 'body', reason };
      continue;
    }
    // Only parsed JSON and query objects are walked (a Buffer body has no strings).
    if (!isRecord(v) || ArrayBuffer.isView(v)) continue;
    const entries: Array<[string | number, unknown]> = Array.isArray(v) ? v.map((item, i) => [i, item]) : Object.entries(v);
    // Pushed in reverse so the first field is looked at first (the error names the first bad one).
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, item] = entries[i]!;
      const path = childPath(where, key);
      if (typeof key === 'string') {
        const reason = reasonFor(key);
        if (reason) return { field: path, reason };
      }
      pending.push([item, path]);
    }
  }
  return null;
}

export function badStringError(bad: BadString): WpHttpError {
  return new WpHttpError(400, 'rest_invalid_param', `Invalid parameter(s): ${bad.field}`, { params: { [bad.field]: bad.reason } });
}

/**
 * Refuses a request whose JSON body or query string holds a bad string. preValidation:
 * after the body is parsed, before route schemas and handlers. (The path is not checked:
 * no route uses it as text; an upload path with a NUL is a plain 404, static-uploads.ts.)
 */
export function registerBadStringGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const bad = findBadString(request.body) ?? findBadString(request.query);
    if (bad) throw badStringError(bad);
  });
}
