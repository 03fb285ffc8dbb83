import os from 'node:os';
import type pg from 'pg';
import { UsageError } from './command.ts';

/** Who ran the command, recorded with what it changed: `--by`, else the account that ran the CLI (its context's `operator`). */
export const operatorName = (by: string | true | undefined, operator: string | undefined): string =>
  typeof by === 'string' && by.trim() ? by.trim() : operator || os.userInfo().username;

/** A required string flag, or a usage error naming it. */
export function required(flags: Record<string, string | true>, name: string): string {
  const v = flags[name];
  if (typeof v !== 'string' || v.trim() === '') throw new UsageError(`Missing --${name}.`);
  return v.trim();
}

/** A positive whole number flag. */
export function positiveInt(value: string, name: string): number {
  if (!/^[1-9]\d{0,8}$/.test(value)) throw new UsageError(`--${name} must be a positive whole number (got "${value}").`);
  return Number(value);
}

/** "4.50" / "-4.50" / "5" pounds to pence; refuses anything else. */
export function poundsToPenceSigned(value: string, name: string): number {
  const m = /^(-)?(\d{1,7})(?:\.(\d{1,2}))?$/.exec(value.trim());
  if (!m) throw new UsageError(`--${name} must be an amount in pounds like 5 or 4.50 (got "${value}").`);
  const pence = Number(m[2]) * 100 + Number((m[3] ?? '0').padEnd(2, '0'));
  return m[1] ? -pence : pence;
}

/** A customer by id or email. */
export async function findCustomer(pool: pg.Pool, idOrEmail: string): Promise<{ id: number; email: string; first_name: string; last_name: string } | null> {
  const byId = /^\d+$/.test(idOrEmail);
  const { rows } = await pool.query<{ id: number; email: string; first_name: string; last_name: string }>(
    `SELECT id, email, first_name, last_name FROM customers WHERE ${byId ? 'id = $1' : 'lower(email) = lower($1)'}`,
    [byId ? Number(idOrEmail) : idOrEmail],
  );
  return rows[0] ?? null;
}
