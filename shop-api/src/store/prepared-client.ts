import { createHash } from 'node:crypto';
import type pg from 'pg';

// Statement names by text, for the process's life: the texts are fixed, so this stays small,
// and a checkout's ~20 statements are not hashed again on every order.
const names = new Map<string, string>();
const nameOf = (text: string): string => {
  let name = names.get(text);
  if (!name) {
    name = `cgg_s_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
    names.set(text, name);
  }
  return name;
};

/**
 * A view of a checked-out client whose parameterised queries run as named (prepared)
 * statements, so the connection parses and plans each distinct text once. The
 * checkout runs ~20 statements per order; re-planning them each time was most of
 * PostgreSQL's CPU per checkout. Only for code whose SQL texts are fixed (no values
 * spliced into the text), or the per-connection statement cache would grow.
 */
export function preparedClient(client: pg.PoolClient): pg.PoolClient {
  return new Proxy(client, {
    get(target, prop, receiver) {
      if (prop !== 'query') return Reflect.get(target, prop, receiver);
      return (text: unknown, values?: unknown) => {
        if (typeof text === 'string' && Array.isArray(values)) return target.query({ name: nameOf(text), text, values });
        return (target.query as (...args: unknown[]) => unknown)(text, values);
      };
    },
  });
}
