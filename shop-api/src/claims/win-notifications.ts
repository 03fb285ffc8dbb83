import type { StoreCheckoutResponse } from '@cgg/contracts';
import type pg from 'pg';
import type { Mailer, MailMessage } from '../mail/mailer.ts';
import { winEmail } from './claim-emails.ts';

interface NewWin {
  kind: 'instant' | 'reward';
  id: string;
  email: string | null;
  first_name: string | null;
  prize_title: string;
  competition_title: string;
  ticket_number: number;
  prize_value_pence: number;
}

/*
 * Each row is taken by setting notified_at under `notified_at IS NULL` before its mail
 * goes out, so two instances (or a repeated checkout answer) never mail a win twice; a
 * mail that then fails is logged and not retried (at most once, by design: a second
 * "you won" mail is worse than the claim page the winner finds anyway).
 */
const TAKE_NEW_WINS = `
  WITH instant AS (
    UPDATE instant_win_awards SET notified_at = now() WHERE order_id = $1 AND notified_at IS NULL
    RETURNING id, customer_id, competition_id, instant_win_prize_id, ticket_number
  ), reward AS (
    UPDATE reward_win_awards SET notified_at = now() WHERE competition_id = ANY($2::int[]) AND notified_at IS NULL
    RETURNING id, customer_id, competition_id, reward_win_id, ticket_number
  )
  SELECT 'instant' AS kind, i.id::text AS id, cu.email, cu.first_name, p.title AS prize_title, c.title AS competition_title, i.ticket_number, p.prize_value_pence
  FROM instant i JOIN instant_win_prizes p ON p.id = i.instant_win_prize_id JOIN competitions c ON c.id = i.competition_id LEFT JOIN customers cu ON cu.id = i.customer_id
  UNION ALL
  SELECT 'reward', r.id::text, cu.email, cu.first_name, rw.title, c.title, r.ticket_number, rw.prize_value_pence
  FROM reward r JOIN reward_wins rw ON rw.id = r.reward_win_id JOIN competitions c ON c.id = r.competition_id LEFT JOIN customers cu ON cu.id = r.customer_id`;

/** Mails the instant wins of a committed order, and reward wins its sale set off, to their winners. Returns the mails sent. */
export async function notifyNewWins(deps: { pool: pg.Pool; mailer: Mailer; siteUrl: string }, order: StoreCheckoutResponse): Promise<number> {
  const competitionIds = order.extensions.cgg.tickets.map((t) => t.competition_id);
  const { rows } = await deps.pool.query<NewWin>(TAKE_NEW_WINS, [order.order_id, competitionIds]);
  let sent = 0;
  for (const w of rows) {
    if (!w.email) continue;
    const mail: MailMessage = winEmail({
      to: w.email, firstName: w.first_name ?? '', kind: w.kind, prizeTitle: w.prize_title, competitionTitle: w.competition_title,
      ticket: w.ticket_number, prizePence: w.prize_value_pence, siteUrl: deps.siteUrl,
    });
    try {
      await deps.mailer.send(mail);
      sent++;
    } catch (err) {
      console.error(`[shop-api] ${w.kind} win ${w.id}: winner mail failed: ${(err as Error).message}`);
    }
  }
  return sent;
}
