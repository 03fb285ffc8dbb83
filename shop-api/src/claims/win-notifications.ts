import type { StoreCheckoutResponse } from '@cgg/contracts/store';
import type pg from 'pg';
import type { Logger } from '../lib/logger.ts';
import { inTransaction } from '../accounts/queryable.ts';
import type { Mailer, MailMessage } from '../mail/mailer.ts';
import { postalWinEmail, winEmail } from './claim-emails.ts';

interface NewWin {
  kind: 'instant' | 'reward';
  id: string;
  /** The account's email; null for a postal entrant without an account. */
  email: string | null;
  first_name: string | null;
  /** A free postal entry's win: the entry, and the name and email written on it. */
  postal_entry_id: string | null;
  entrant_email: string | null;
  entrant_name: string | null;
  prize_title: string;
  competition_title: string;
  ticket_number: number;
  prize_value_pence: number;
}

/*
 * Each row is taken by setting notified_at under `notified_at IS NULL`, in the transaction that
 * queues its mail, so two instances (or a repeated checkout answer) never mail a win twice.
 * Sending is the job queue's: retried with backoff, then a dead job an operator sees.
 */
const takeNewWins = (instantWhere: string, rewardWhere: string): string => `
  WITH instant AS (
    UPDATE instant_win_awards SET notified_at = now() WHERE ${instantWhere} AND notified_at IS NULL
    RETURNING id, customer_id, competition_id, instant_win_prize_id, ticket_number, postal_entry_id
  ), reward AS (
    UPDATE reward_win_awards SET notified_at = now() WHERE ${rewardWhere} AND notified_at IS NULL
    RETURNING id, customer_id, competition_id, reward_win_id, ticket_number, postal_entry_id
  )
  SELECT 'instant' AS kind, i.id::text AS id, cu.email, cu.first_name, p.title AS prize_title, c.title AS competition_title, i.ticket_number, p.prize_value_pence,
         i.postal_entry_id::text AS postal_entry_id, pe.email AS entrant_email, pe.full_name AS entrant_name
  FROM instant i JOIN instant_win_prizes p ON p.id = i.instant_win_prize_id JOIN competitions c ON c.id = i.competition_id LEFT JOIN customers cu ON cu.id = i.customer_id
  LEFT JOIN postal_entries pe ON pe.id = i.postal_entry_id
  UNION ALL
  SELECT 'reward', r.id::text, cu.email, cu.first_name, rw.title, c.title, r.ticket_number, rw.prize_value_pence,
         r.postal_entry_id::text, pe.email, pe.full_name
  FROM reward r JOIN reward_wins rw ON rw.id = r.reward_win_id JOIN competitions c ON c.id = r.competition_id LEFT JOIN customers cu ON cu.id = r.customer_id
  LEFT JOIN postal_entries pe ON pe.id = r.postal_entry_id`;

/** An order's instant wins, and the reward wins of its competitions ($2) not yet told. */
const TAKE_ORDER_WINS = takeNewWins('order_id = $1', 'competition_id = ANY($2::int[])');
/** A postal entry's instant wins, and the reward wins of its competition not yet told. */
const TAKE_POSTAL_WINS = takeNewWins('postal_entry_id = $1', 'competition_id = $2');
/** Wins won between $2 and $1 and never told: their mail was lost with the process that won them. */
const TAKE_FORGOTTEN_WINS = takeNewWins('won_at < $1 AND won_at > $2', 'won_at < $1 AND won_at > $2');

/**
 * A win is told just after the order or entry that won it commits (a hook, not that transaction):
 * an instance stopped in between, or a failed take (a database blip, logged), leaves it untold.
 * The sweep tells those: won more than FORGOTTEN_AFTER_MS ago (so it never races the hook, though
 * the take would keep a win from being told twice anyway), and within FORGOTTEN_WITHIN_MS (a win
 * untold for longer is for a person, not a surprise mail).
 */
export const FORGOTTEN_AFTER_MS = 2 * 60_000;
const FORGOTTEN_WITHIN_MS = 7 * 24 * 3600_000;

type Deps = { pool: pg.Pool; mailer: Mailer; siteUrl: string; log?: Logger };

/**
 * A winner with an account is sent to /claim/prize; a postal entrant without one is told
 * the operator will contact them (their win is handled from `cli postal-wins`).
 */
async function mailWins(deps: Deps, rows: NewWin[], client: pg.PoolClient): Promise<number> {
  let sent = 0;
  for (const w of rows) {
    const common = { kind: w.kind, prizeTitle: w.prize_title, competitionTitle: w.competition_title, ticket: w.ticket_number, prizePence: w.prize_value_pence, siteUrl: deps.siteUrl };
    let mail: MailMessage | null = null;
    if (w.email) mail = winEmail({ ...common, to: w.email, firstName: w.first_name ?? '' });
    else if (w.postal_entry_id && w.entrant_email) {
      mail = postalWinEmail({ ...common, to: w.entrant_email, firstName: (w.entrant_name ?? '').trim().split(/\s+/)[0] ?? '', postalEntryId: Number(w.postal_entry_id) });
    }
    if (!mail) continue;
    await deps.mailer.send(mail, client);
    sent++;
  }
  return sent;
}

/**
 * Marks the wins told and queues their mails in one transaction: the mails exist exactly when
 * the wins are marked (a job worker sends them after commit), so a win is mailed once; a
 * failure leaves both undone and is the caller's to log.
 */
function takeAndMail(deps: Deps, sql: string, params: unknown[]): Promise<number> {
  return inTransaction(deps.pool, async (client) => mailWins(deps, (await client.query<NewWin>(sql, params)).rows, client));
}

/** Mails a committed postal entry's wins (and reward wins its ticket set off) to their winners. Returns the mails sent. */
export async function notifyPostalEntryWins(deps: Deps, entry: { entryId: number; competitionId: number }): Promise<number> {
  return takeAndMail(deps, TAKE_POSTAL_WINS, [entry.entryId, entry.competitionId]);
}

/** Mails the wins whose telling was lost (above). Returns the mails sent. */
export async function notifyForgottenWins(deps: Deps, now: Date): Promise<number> {
  return takeAndMail(deps, TAKE_FORGOTTEN_WINS, [new Date(now.getTime() - FORGOTTEN_AFTER_MS), new Date(now.getTime() - FORGOTTEN_WITHIN_MS)]);
}

/** Mails the instant wins of a committed order, and reward wins its sale set off, to their winners. Returns the mails sent. */
export async function notifyNewWins(deps: Deps, order: StoreCheckoutResponse): Promise<number> {
  const competitionIds = order.extensions.cgg.tickets.map((t) => t.competition_id);
  return takeAndMail(deps, TAKE_ORDER_WINS, [order.order_id, competitionIds]);
}
