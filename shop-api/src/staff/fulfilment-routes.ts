import type { StaffPostalWin, StaffWin } from '@cgg/contracts/staff';
import type pg from 'pg';
import { postalWin, postalWins, settlePostalWin, type PostalWin } from '../claims/postal-wins.ts';
import { remindWinner } from '../claims/win-reminders.ts';
import { winQueue, type QueuedWin } from '../claims/win-queue.ts';
import { declaredRoute, type DeclaredRoute } from '../http/declared-routes.ts';
import { routeTable } from '../http/route-table.ts';
import { WpHttpError } from '../http/wp-error.ts';
import { penceToPounds } from '../lib/money.ts';
import type { Mailer } from '../mail/mailer.ts';
import { staffActor } from './audit-log.ts';

const PAGE = 25;

const toWin = (w: QueuedWin): StaffWin => ({
  win_kind: w.win_kind, win_id: Number(w.win_id), status: w.status, competition_id: w.competition_id, competition_title: w.competition_title,
  prize_title: w.prize_title, prize_value: penceToPounds(w.prize_value_pence), ticket_number: w.ticket_number, won_at: w.won_at.toISOString(),
  days_since_win: w.days_since_win, winner_name: w.winner_name, winner_email: w.winner_email, customer_id: w.customer_id,
  postal_entry_id: w.postal_entry_id === null ? null : Number(w.postal_entry_id), reminded_at: w.reminded_at?.toISOString() ?? null,
  claim: w.claim && {
    id: w.claim.id, state: w.claim.state, choice: w.claim.choice as 'prize' | 'cash' | 'credit', amount: penceToPounds(w.claim.amountPence),
    deliver_to: w.claim.deliverTo, pay_to: w.claim.payTo, tracking_reference: w.claim.trackingReference, created_at: w.claim.createdAt.toISOString(),
  },
  settled: w.settled_by ? { by: w.settled_by, note: w.settle_note } : null,
});

const toPostalWin = (r: PostalWin): StaffPostalWin => ({
  win_kind: r.kind, win_id: Number(r.id), won_at: r.won_at.toISOString(), competition_id: r.competition_id, competition_title: r.competition_title,
  ticket_number: r.ticket_number, prize_title: r.prize, prize_value: penceToPounds(r.pence), postal_entry_id: Number(r.postal_entry_id),
  full_name: r.full_name, email: r.email, town: r.town, customer_id: r.customer_id,
  state: r.settled_by ? 'settled' : r.claimed ? 'claimed' : 'open',
  claim_state: (r.claim_state as StaffPostalWin['claim_state']) ?? null, settled_by: r.settled_by, settle_note: r.settle_note,
});

const noWin = (kind: string, id: number) => new WpHttpError(404, 'cgg_win_not_found', `There is no ${kind} win ${id}.`);

/** Winners and fulfilment: every win from the moment it is won, reminders to winners who have not claimed, and postal wins settled by hand. */
export function fulfilmentRoutes(deps: { pool: pg.Pool; now: () => Date; mailer: Mailer; siteUrl: string }): DeclaredRoute[] {
  const { pool, now } = deps;
  return [
    declaredRoute(routeTable.staffWinQueue, {
      summary: 'Every win and its claim, oldest first, with its status in the operators\' words: awaiting claim, to send, sent with tracking, paid, credited, done.',
      description: '`status` filters, `search` matches the competition, the prize or the winner\'s name or email (`win_kind` and `win_id`: one win); 25 a page. A win awaiting its claim says who won (account or postal entrant), how many days ago, and when they were last reminded. Claims move on with `staff/claim_state`.',
      handler: async ({ input }) => {
        const page = input.page ?? 1;
        const { wins, total } = await winQueue(pool, { status: input.status ?? null, win: { kind: input.win_kind, id: input.win_id }, search: input.search, now: now(), limit: PAGE, offset: (page - 1) * PAGE });
        return { success: true, data: wins.map(toWin), page, total, total_pages: Math.ceil(total / PAGE) };
      },
    }),

    declaredRoute(routeTable.staffWinReminder, {
      summary: 'Mails a reminder to the winner of a win nobody has claimed (an account holder: claim online; a postal entrant without one: contact us), at most once a day per win.',
      description: '404 `cgg_win_not_found`; 409 `cgg_win_claimed` once claimed or settled; 409 `cgg_reminder_sent_today` when this win was already reminded today (London day). Recorded in the audit log.',
      handler: async ({ input, staff }) => {
        const at = now();
        const done = await remindWinner(deps, { kind: input.win_kind, id: input.win_id, at, staffId: staff.staffId, actor: staffActor(staff) });
        if (done.sent) return { success: true, data: { win_kind: input.win_kind, win_id: input.win_id, sent_to: done.to, sent_at: at.toISOString() } };
        if (done.why === 'already-today') {
          const time = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', hour: '2-digit', minute: '2-digit' }).format(done.sentAt);
          throw new WpHttpError(409, 'cgg_reminder_sent_today', `A reminder for ${input.win_kind} win ${input.win_id} was already sent today at ${time}. One a day: try again tomorrow.`);
        }
        if (done.why === 'not-found') throw noWin(input.win_kind, input.win_id);
        if (done.why === 'claimed') throw new WpHttpError(409, 'cgg_win_claimed', `The ${input.win_kind} win ${input.win_id} is already claimed: nothing to remind.`);
        throw new WpHttpError(409, 'cgg_win_no_address', `The winner of ${input.win_kind} win ${input.win_id} has no email address to remind.`);
      },
    }),

    declaredRoute(routeTable.staffPostalWins, {
      summary: 'The wins of free postal entries (as the CLI\'s postal-wins lists them): the entrant as written on the entry, account or not, and whether claimed online or settled by hand.',
      description: 'Newest first; `competition_id` narrows to one competition, `open` to those nobody has claimed or settled.',
      handler: async ({ input }) => {
        const rows = await postalWins(pool, { competitionId: input.competition_id ?? null, open: input.open === true });
        return { success: true, data: rows.map(toPostalWin) };
      },
    }),

    declaredRoute(routeTable.staffSettlePostalWin, {
      summary: 'Records a postal win handed over by hand (the entrant has no account to claim with), with a note of how; settled once.',
      description: 'The CLI\'s `postal-wins --settle` (same rules): 404 `cgg_win_not_found` when it is not a postal entry\'s win; 409 `cgg_win_has_account` when the entrant claims online; 409 `cgg_win_settled` once settled. Recorded in the audit log.',
      handler: async ({ input, staff }) => {
        const done = await settlePostalWin(pool, {
          kind: input.win_kind, id: input.win_id, by: staffActor(staff), note: input.note, at: now(), audit: { staffId: staff.staffId, actor: staffActor(staff) },
        });
        if (!done.settled) {
          if (done.why === 'not-postal') throw noWin(`postal-entry ${input.win_kind}`, input.win_id);
          if (done.why === 'has-account') {
            throw new WpHttpError(409, 'cgg_win_has_account', `The ${input.win_kind} win ${input.win_id} belongs to customer #${done.customerId}: they claim it online at /claim/prize.`);
          }
          throw new WpHttpError(409, 'cgg_win_settled', `The ${input.win_kind} win ${input.win_id} was already settled.`);
        }
        return { success: true, data: toPostalWin((await postalWin(pool, input.win_kind, input.win_id))!) };
      },
    }),
  ];
}
