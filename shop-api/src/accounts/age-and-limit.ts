import { AGE_AND_LIMIT_ERRORS, dateOfBirthProblem, LIMIT_CHOICE_REQUIRED, londonToday, under18Message, type PurchaseCheck } from '@cgg/contracts/account';
import {
  poundsToPence,
} from '@cgg/contracts';
import { penceToPounds } from '../lib/money.ts';
import { WpHttpError } from '../http/wp-error.ts';
import type { AgeCheckRequest, AgeVerifier } from './age-verifier.ts';
import { fieldError } from './field-errors.ts';
import type { Queryable } from './queryable.ts';

/*
 * UK prize-draw code 1.1 (only adults take part) and 1.4 (a spending limit offered at the
 * door). Sign-up, the checkout's guard and save_age_and_limit all go through these.
 */

/** The columns these rules read (date_of_birth as 'YYYY-MM-DD' text: no time zone can shift it). */
export interface DoorRow {
  date_of_birth: string | null;
  limit_choice_at: Date | null;
  limit_choice_pence: number | null;
  limit_duration: string | null;
  pending_limit_from: Date | null;
}
export const DOOR_COLUMNS = 'date_of_birth::text AS date_of_birth, limit_choice_at, limit_choice_pence, limit_duration, pending_limit_from';

/**
 * A date of birth that may be stored: a real date of an adult on today's London date, and
 * not refused by the identity provider. Throws 400 naming `date_of_birth` (code
 * `cgg_under_18` for under 18, `cgg_age_not_verified` when the provider refuses). Nothing
 * has been stored when it throws, and the messages carry no one else's data.
 */
export async function checkAge(
  verifier: AgeVerifier,
  person: Omit<AgeCheckRequest, 'dateOfBirth'> & { dateOfBirth: string | undefined },
  what: 'account' | 'order',
  now: Date,
): Promise<string> {
  const dateOfBirth = (person.dateOfBirth ?? '').trim();
  const problem = dateOfBirthProblem(dateOfBirth, londonToday(now));
  if (problem?.kind === 'invalid') throw fieldError('date_of_birth', problem.message);
  if (problem?.kind === 'under-18') throw fieldError('date_of_birth', under18Message(dateOfBirth, what), AGE_AND_LIMIT_ERRORS.under18);
  const verdict = await verifier.check({ ...person, dateOfBirth }, now);
  if (verdict.outcome === 'refused') {
    throw fieldError(
      'date_of_birth',
      'Sorry, we could not confirm your age with our identity check, so we cannot go ahead. We have not kept the details you entered. If you think this is a mistake, please contact us.',
      AGE_AND_LIMIT_ERRORS.ageNotVerified,
    );
  }
  return dateOfBirth;
}

/**
 * The monthly limit chosen: pence, or null for an explicit "no limit". `undefined` (the
 * question left unanswered) is a 400 naming `monthly_limit`; the amount's format is the schema's.
 */
export function readLimitChoice(monthlyLimit: string | null | undefined): number | null {
  if (monthlyLimit === undefined) throw fieldError('monthly_limit', LIMIT_CHOICE_REQUIRED);
  return monthlyLimit === null ? null : poundsToPence(monthlyLimit);
}

/**
 * Whether the customer still has to choose: never asked, and no limit of their own set on
 * the responsible-play screen (a limit in force or waiting is a choice they made there,
 * and a monthly one asked for here must not loosen it).
 */
export function needsLimitChoice(row: DoorRow): boolean {
  return row.limit_choice_at === null && row.limit_duration === null && row.pending_limit_from === null;
}

export function purchaseNeeds(row: DoorRow): PurchaseCheck[] {
  const needs: PurchaseCheck[] = [];
  if (row.date_of_birth === null) needs.push('date_of_birth');
  if (needsLimitChoice(row)) needs.push('monthly_limit');
  return needs;
}

/**
 * Records the customer's answer to the monthly-limit question, with its time. A limit is
 * set in the responsible-play columns as a monthly limit (the one limits system: raises
 * later wait 24 hours as any other); only asked when none is in force or waiting, so it
 * applies at once. Call inside the caller's transaction, the row locked.
 */
export async function recordLimitChoice(client: Queryable, customerId: number, choicePence: number | null, at: Date): Promise<void> {
  await client.query(
    `UPDATE customers SET limit_choice_at = $2, limit_choice_pence = $3, updated_at = $2,
       limit_duration = CASE WHEN $3::int IS NULL THEN limit_duration ELSE 'month' END,
       limit_value_pence = COALESCE($3::int, limit_value_pence)
     WHERE id = $1`,
    [customerId, at, choicePence],
  );
}

/** The recorded choice as the limits screen shows it (contracts `ResponsiblePlay.limit_choice`). */
export function limitChoiceView(row: Pick<DoorRow, 'limit_choice_at' | 'limit_choice_pence'>): { monthly_limit: string | null; chosen_at: string } | null {
  if (!row.limit_choice_at) return null;
  return { monthly_limit: row.limit_choice_pence === null ? null : penceToPounds(row.limit_choice_pence), chosen_at: row.limit_choice_at.toISOString() };
}

/**
 * The checkout's gate for 1.1 and 1.4 (before assertCanSpend): a customer from before
 * sign-up asked is refused until they give a date of birth and answer the monthly-limit
 * question (save_age_and_limit). 403 with `data.needs` listing everything missing, so the
 * checkout asks once; the code names the first.
 */
export function assertDoorChecks(row: DoorRow | undefined): void {
  if (!row) return;
  const needs = purchaseNeeds(row);
  if (needs.includes('date_of_birth')) {
    throw new WpHttpError(
      403,
      AGE_AND_LIMIT_ERRORS.dateOfBirthRequired,
      needs.length > 1
        ? 'Before your first order we need your date of birth, to check you are 18 or over, and your choice of a monthly spending limit (or no limit).'
        : 'Before your order we need your date of birth, to check you are 18 or over.',
      { needs },
    );
  }
  if (needs.includes('monthly_limit')) {
    throw new WpHttpError(
      403,
      AGE_AND_LIMIT_ERRORS.limitChoiceRequired,
      'Before your first order, please choose a monthly spending limit (any amount, £0 included) or no limit. You can change it later under Responsible gaming.',
      { needs },
    );
  }
}
