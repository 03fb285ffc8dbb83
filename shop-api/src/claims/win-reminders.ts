import type { WinKind } from '@cgg/contracts/account';
import type pg from 'pg';
import { inTransaction } from '../accounts/queryable.ts';
import type { Mailer } from '../mail/mailer.ts';
import { recordStaffAction } from '../staff/audit-log.ts';
import { winReminderEmail } from './claim-emails.ts';
import { WIN_TABLE } from './customer-wins.ts';

interface UnclaimedWin {
  claimed: boolean;
  email: string | null;
  first_name: string | null;
  postal_entry_id: string | null;
  has_account: boolean;
  prize_title: string;
  competition_title: string;
  ticket_number: number;
  prize_value_pence: number;
}

const PRIZE: Record<WinKind, { join: string; title: string; pence: string }> = {
  draw: { join: '', title: 'w.prize_title', pence: 'w.prize_value_pence' },
  instant: { join: 'JOIN instant_win_prizes p ON p.id = w.instant_win_prize_id', title: 'p.title', pence: 'p.prize_value_pence' },
  reward: { join: 'JOIN reward_wins p ON p.id = w.reward_win_id', title: 'p.title', pence: 'p.prize_value_pence' },
};

/** The win and where its winner is mailed: the account's email, else the one on the postal entry. */
async function winToRemind(db: pg.Pool, kind: WinKind, id: number): Promise<UnclaimedWin | null> {
  const p = PRIZE[kind];
  const { rows } = await db.query<UnclaimedWin>(
    `SELECT w.claimed, COALESCE(cu.email, pe.email) AS email, COALESCE(cu.first_name, split_part(trim(pe.full_name), ' ', 1)) AS first_name,
            w.postal_entry_id::text AS postal_entry_id, cu.id IS NOT NULL AS has_account,
            ${p.title} AS prize_title, c.title AS competition_title, w.ticket_number, ${p.pence} AS prize_value_pence
     FROM ${WIN_TABLE[kind]} w ${p.join} JOIN competitions c ON c.id = w.competition_id
     LEFT JOIN customers cu ON cu.id = w.customer_id LEFT JOIN postal_entries pe ON pe.id = w.postal_entry_id
     WHERE w.id = $1`,
    [id],
  );
  return rows[0] ?? null;
}

export type ReminderOutcome =
  | { sent: true; to: string }
  | { sent: false; why: 'not-found' | 'claimed' | 'no-address' }
  | { sent: false; why: 'already-today'; sentAt: Date };

/**
 * Mails a reminder to the winner of a win nobody has claimed, at most once a London day
 * per win: the day's row in win_reminders is taken first (its key refuses a second, even
 * two operators at once), with the audit entry, and the mail goes last in the same
 * transaction, so a mail that cannot be sent leaves no reminder recorded and the operator
 * may try again.
 */
export async function remindWinner(
  deps: { pool: pg.Pool; mailer: Mailer; siteUrl: string },
  o: { kind: WinKind; id: number; at: Date; staffId: number | null; actor: string },
): Promise<ReminderOutcome> {
  const win = await winToRemind(deps.pool, o.kind, o.id);
  if (!win) return { sent: false, why: 'not-found' };
  if (win.claimed) return { sent: false, why: 'claimed' };
  if (!win.email) return { sent: false, why: 'no-address' };
  const to = win.email;
  return inTransaction(deps.pool, async (client) => {
    const taken = await client.query(
      `INSERT INTO win_reminders (win_kind, win_id, london_day, sent_at, sent_to, staff_id)
       VALUES ($1, $2, ($3::timestamptz AT TIME ZONE 'Europe/London')::date, $3, $4, $5) ON CONFLICT DO NOTHING`,
      [o.kind, o.id, o.at, to, o.staffId],
    );
    if (taken.rowCount !== 1) {
      const earlier = await client.query<{ sent_at: Date }>(
        `SELECT sent_at FROM win_reminders WHERE win_kind = $1 AND win_id = $2 AND london_day = ($3::timestamptz AT TIME ZONE 'Europe/London')::date`,
        [o.kind, o.id, o.at],
      );
      return { sent: false, why: 'already-today', sentAt: earlier.rows[0]!.sent_at } as const;
    }
    await recordStaffAction(client, { staffId: o.staffId, actor: o.actor, action: 'win.remind', subject: `${o.kind} win #${o.id}`, after: { sent_to: to }, at: o.at });
    await deps.mailer.send(winReminderEmail({
      to, firstName: win.first_name ?? '', prizeTitle: win.prize_title, competitionTitle: win.competition_title, ticket: win.ticket_number,
      prizePence: win.prize_value_pence, siteUrl: deps.siteUrl, postalEntryId: win.has_account || win.postal_entry_id === null ? null : Number(win.postal_entry_id),
    }), client);
    return { sent: true, to } as const;
  });
}
