import os from 'node:os';
import type pg from 'pg';
import { MAX_DB_ID } from '@cgg/contracts';
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

/**
 * A positive whole number flag, in plain digits (not 1e3), at most `max`: by default the largest
 * id an `integer` column holds, so a bigger one is a usage error, not a database one.
 */
export function positiveInt(value: string, name: string, max = MAX_DB_ID): number {
  const n = wholeNumberUpTo(value, max);
  if (n === null) throw new UsageError(`--${name} must be a whole number from 1 to ${max} (got "${value}").`);
  return n;
}

/** `value` as a whole number from 1 to `max` (at most Number.MAX_SAFE_INTEGER: a bigserial id), in plain digits; else null. */
export function wholeNumberUpTo(value: string, max: number): number | null {
  const n = /^[1-9]\d{0,15}$/.test(value) ? Number(value) : NaN;
  return n <= max ? n : null;
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
  if (byId && Number(idOrEmail) > MAX_DB_ID) return null; // no customer has it
  const { rows } = await pool.query<{ id: number; email: string; first_name: string; last_name: string }>(
    `SELECT id, email, first_name, last_name FROM customers WHERE ${byId ? 'id = $1' : 'lower(email) = lower($1)'}`,
    [byId ? Number(idOrEmail) : idOrEmail],
  );
  return rows[0] ?? null;
}

/** A staff member's id by email (any case), or null. */
export async function findStaffId(pool: pg.Pool, email: string): Promise<number | null> {
  const { rows } = await pool.query<{ id: number }>('SELECT id FROM staff WHERE lower(email) = lower($1)', [email]);
  return rows[0]?.id ?? null;
}
