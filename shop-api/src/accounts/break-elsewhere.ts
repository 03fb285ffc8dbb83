import { WpHttpError } from '../http/wp-error.ts';
import type { Queryable } from './queryable.ts';

/*
 * UK prize-draw code 1.5: a break or a closed account must not be undone by opening another one.
 * A new account (or an old one giving its date of birth for the first time) whose name and date of
 * birth match an account on a break or closed is refused until that break ends. Name and date of
 * birth, not the email: a second address is the easy way round. Two different people with the same
 * name and date of birth are rare; the message tells that one to contact us.
 */

export const BREAK_ELSEWHERE_MESSAGE =
  'An account with your name and date of birth is on a break or closed, so another cannot be used to play until that break ends. If that account is not yours, please contact us.';

/** Refuses (403 `cgg_break_elsewhere`) when another account with this name and date of birth is on a break or closed. */
export async function refuseBreakElsewhere(db: Queryable, who: { firstName: string; lastName: string; dateOfBirth: string; exceptCustomerId: number | null }, now: Date): Promise<void> {
  const { rowCount } = await db.query(
    `SELECT 1 FROM customers
     WHERE date_of_birth = $3::date AND lower(btrim(first_name)) = lower(btrim($1)) AND lower(btrim(last_name)) = lower(btrim($2))
       AND (lock_permanent OR locked_until > $4) AND id IS DISTINCT FROM $5::int
     LIMIT 1`,
    [who.firstName, who.lastName, who.dateOfBirth, now, who.exceptCustomerId],
  );
  if (rowCount) throw new WpHttpError(403, 'cgg_break_elsewhere', BREAK_ELSEWHERE_MESSAGE);
}
