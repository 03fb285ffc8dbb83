import { isLocked, PLAY_COLUMNS, type PlayRow } from '../accounts/responsible-play.ts';
import type { Queryable } from '../accounts/queryable.ts';

/*
 * Marketing mail (UK prize-draw code 1.5: no marketing to a customer on a break). The shop
 * sends none yet: every mail today is a service mail (password, wins, claims, refunds). This is
 * the one place marketing goes through: a mail marked `marketing` is sent by the mailer only when
 * mayReceiveMarketing says so, whoever sends it.
 */

/** False while the customer is on a break or has closed their account permanently. */
export function mayReceiveMarketing(customer: PlayRow, now: Date): boolean {
  return !isLocked(customer, now);
}

/**
 * The customer a marketing mail is addressed to may receive it at `now`. An address that is not
 * a customer's never does: only customers can have agreed to marketing.
 */
export async function marketingAllowedTo(db: Queryable, address: string, now: Date): Promise<boolean> {
  const { rows } = await db.query<PlayRow>(`SELECT ${PLAY_COLUMNS} FROM customers WHERE lower(email) = lower($1)`, [address.trim()]);
  return rows.length > 0 && rows.every((c) => mayReceiveMarketing(c, now));
}
