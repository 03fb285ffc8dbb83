import { WpHttpError } from '../http/wp-error.ts';
import type { Queryable } from './queryable.ts';

/*
 * UK prize-draw code 1.5: a break or a closed account must not be undone by opening another one.
 * A new account (or an old one giving its date of birth for the first time) whose name and date of
 * birth match an account on a break or closed is refused until that break ends. Name and date of
 * birth, not the email: a second address is the easy way round; names changed later are checked
 * too. Two different people with the same name and date of birth are rare; the message asks them
 * to contact us. It does not say why: anyone knowing a person's name and date of birth could
 * otherwise learn from a sign-up that they took a break from gambling. A blank name matches nothing
 * (accounts from before may have none).
 */

export const DETAILS_REFUSED_MESSAGE = 'We cannot use these details for an account at the moment. Please contact us and we will help.';

/** Refuses (403 `cgg_details_refused`) when another account with this name and date of birth is on a break or closed. */
export async function refuseBreakElsewhere(db: Queryable, who: { firstName: string; lastName: string; dateOfBirth: string; exceptCustomerId: number | null }, now: Date): Promise<void> {
  if (!who.firstName.trim() || !who.lastName.trim()) return;
  const { rowCount } = await db.query(
    `SELECT 1 FROM customers
     WHERE date_of_birth = $3::date AND lower(btrim(first_name)) = lower(btrim($1)) AND lower(btrim(last_name)) = lower(btrim($2))
       AND (lock_permanent OR locked_until > $4) AND id IS DISTINCT FROM $5::int
     LIMIT 1`,
    [who.firstName, who.lastName, who.dateOfBirth, now, who.exceptCustomerId],
  );
  if (rowCount) throw new WpHttpError(403, 'cgg_details_refused', DETAILS_REFUSED_MESSAGE);
}
