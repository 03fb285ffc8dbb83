import { drawEntriesPath, londonWallTimeToInstant } from '@cgg/contracts';
import type { StaffClaim, StaffCompetition, StaffEntry } from '@cgg/contracts/staff';
import { Readable } from 'node:stream';
import type pg from 'pg';
import { moveClaim } from '../claims/move-claim.ts';
import { HOLDING_STATUSES } from '../store/order-statuses.ts';
import { claimQueue, type QueuedClaim } from '../claims/claim-queue.ts';
import { competitionExists, entriesCsv, entriesPage } from '../competitions/competition-entries.ts';
import { PostalEntryRefused } from '../draws/postal-entry.ts';
import { DrawRefused, drawOneNow } from '../draws/run-draw.ts';
import { takePostalEntry } from '../draws/take-postal-entry.ts';
import { declaredRoute, type DeclaredRoute } from '../http/declared-routes.ts';
import { routeTable } from '../http/route-table.ts';
import { WpHttpError } from '../http/wp-error.ts';
import { penceToPounds } from '../lib/money.ts';
import type { Mailer } from '../mail/mailer.ts';
import { recordStaffAction, staffActor } from './audit-log.ts';
import { dashboardFigures } from './dashboard.ts';
import { containsPattern } from '../lib/like-pattern.ts';

const PAGE = 25;
const pageOf = (page: number | undefined, limit: number) => ({ limit, offset: ((page ?? 1) - 1) * limit, page: page ?? 1 });
const noCompetition = (id: number) => new WpHttpError(404, 'cgg_competition_not_found', `There is no competition ${id}.`);

interface CompetitionRow {
  id: number;
  title: string;
  /** Worked out by the query, which also filters on it. */
  stage: StaffCompetition['stage'];
  closing_at: Date;
  draw_at: Date;
  total_tickets: number;
  paid: number;
  postal: number;
  commitment: string | null;
  drawn_at: Date | null;
  winning_ticket_number: number | null;
  total: number;
}

const toClaim = (c: QueuedClaim): StaffClaim => ({
  id: c.id, state: c.state, choice: c.choice, amount: penceToPounds(c.amountPence), prize_title: c.prizeTitle, win_kind: c.winKind,
  customer_email: c.customerEmail, deliver_to: c.deliverTo, pay_to: c.payTo, tracking_reference: c.trackingReference, created_at: c.createdAt.toISOString(),
});

/** The operators' screens: competitions with their entries, the CSV export, live draws and the fulfilment queue. */
export function operatorRoutes(deps: { pool: pg.Pool; now: () => Date; mailer: Mailer; siteUrl: string }): DeclaredRoute[] {
  const { pool, now } = deps;
  return [
    declaredRoute(routeTable.staffDashboard, {
      summary: "The dashboard: today's and this week's sales (orders, revenue, paid tickets, free postal entries), the last 14 days, this week's revenue per competition, competitions closing soon, open claims and customers to look at (near their own spend limit, a break started in the last 7 days, over £500 in 7 days).",
      description: 'London days and weeks (Monday first). Sales are orders placed that still count (processing, completed).',
      handler: async () => ({ success: true, data: await dashboardFigures(pool, now()) }),
    }),

    declaredRoute(routeTable.staffCompetitions, {
      summary: 'Competitions for the back office: their stage (open, closed, drawn), entries so far (paid and postal) and the draw\'s commitment and winner.',
      description: 'Newest draw date first, 25 a page; `id` picks one, `stage` filters, `search` matches the title.',
      handler: async ({ input }) => {
        const at = now();
        const { limit, offset, page } = pageOf(input.page, PAGE);
        const search = containsPattern(input.search);
        const { rows } = await pool.query<CompetitionRow>(
          `WITH staged AS (
             SELECT c.id, c.title, c.status, c.closing_at, c.draw_at, c.total_tickets, d.commitment, d.drawn_at, d.winning_ticket_number,
                    CASE WHEN c.status = 'draft' THEN 'draft' WHEN d.drawn_at IS NOT NULL THEN 'drawn' WHEN c.status = 'cancelled' THEN 'cancelled' WHEN c.status <> 'open' OR c.closing_at <= $1 THEN 'closed' ELSE 'open' END AS stage
             FROM competitions c LEFT JOIN competition_draws d ON d.competition_id = c.id
             WHERE ($2::text IS NULL OR c.title ILIKE $2) AND ($7::int IS NULL OR c.id = $7))
           SELECT s.*, count(*) OVER ()::int AS total,
                  (SELECT count(*)::int FROM tickets t JOIN order_items i ON i.id = t.order_item_id JOIN orders o ON o.id = i.order_id
                    WHERE t.competition_id = s.id AND o.status = ANY($6)) AS paid,
                  (SELECT count(*)::int FROM postal_entries p WHERE p.competition_id = s.id) AS postal
           FROM staged s WHERE $3::text IS NULL OR s.stage = $3
           ORDER BY s.draw_at DESC, s.id DESC LIMIT $4 OFFSET $5`,
          [at, search, input.stage ?? null, limit, offset, HOLDING_STATUSES, input.id ?? null],
        );
        const total = rows[0]?.total ?? 0;
        const data: StaffCompetition[] = rows.map((r) => ({
          id: r.id, title: r.title, stage: r.stage, closing_at: r.closing_at.toISOString(), draw_at: r.draw_at.toISOString(),
          total_tickets: r.total_tickets, paid_entries: r.paid, postal_entries: r.postal, commitment: r.commitment, winning_ticket: r.winning_ticket_number,
        }));
        return { success: true, data, page, total, total_pages: Math.ceil(total / limit) };
      },
    }),

    declaredRoute(routeTable.staffEntries, {
      summary: 'One page of a competition\'s entries (paid tickets of orders that count, and postal entries) with who holds each.',
      description: '`search`: a ticket number, or part of a name, email or reference. `limit` 1-200, default 25. 404 `cgg_competition_not_found`.',
      handler: async ({ input }) => {
        if (!(await competitionExists(pool, input.competition_id))) throw noCompetition(input.competition_id);
        const { limit, page } = pageOf(input.page, input.limit ?? PAGE);
        const { rows, total } = await entriesPage(pool, { competitionId: input.competition_id, search: input.search, page, limit });
        const data: StaffEntry[] = rows.map((r) => ({ ...r, created_at: r.created_at.toISOString(), received_at: r.received_at?.toISOString() ?? null }));
        return { success: true, data, page, total, total_pages: Math.ceil(total / limit) };
      },
    }),

    declaredRoute(routeTable.staffEntriesCsv, {
      summary: 'Every entry of a competition as a CSV download, streamed from the database (one consistent snapshot).',
      description: 'Query `competition_id`. Names and emails of entrants: each export is recorded in the audit log. 404 `cgg_competition_not_found`.',
      handler: async ({ input, staff, reply }) => {
        const id = Number(input.competition_id);
        if (!(await competitionExists(pool, id))) throw noCompetition(id);
        await recordStaffAction(pool, { staffId: staff.staffId, actor: staffActor(staff), action: 'entries.export', subject: `competition #${id}`, after: { format: 'csv' }, at: now() });
        return reply
          .header('Content-Type', 'text/csv; charset=utf-8')
          .header('Content-Disposition', `attachment; filename="competition-${id}-entries.csv"`)
          .header('Cache-Control', 'no-store')
          .send(Readable.from(entriesCsv(pool, id)));
      },
    }),

    declaredRoute(routeTable.staffRunDraw, {
      summary: 'Runs a live draw now, by the published draw function: the winner, with the commitment, the seed and the entry list\'s hash to check it by.',
      description: 'The same draw as the CLI\'s `draw` and the scheduler. 409 `cgg_draw_refused` while entries are open, once drawn, or while another draw of it runs. Recorded in the audit log.',
      handler: async ({ input, staff }) => {
        const id = input.competition_id;
        const actor = staffActor(staff);
        try {
          const done = await drawOneNow(pool, id, { now: now(), drawnBy: `staff:${staff.email}`, audit: { staffId: staff.staffId, actor }, siteUrl: deps.siteUrl, mailer: deps.mailer });
          const proof = (await pool.query<{ seed: Buffer; commitment: string; entry_list_sha256: string }>(
            'SELECT seed, commitment, entry_list_sha256 FROM competition_draws WHERE competition_id = $1', [id],
          )).rows[0]!;
          return {
            success: true,
            data: {
              competition_id: id, entry_count: done.entryCount, winning_ticket: done.winningTicket, commitment: proof.commitment, seed: proof.seed.toString('hex'),
              entry_list_sha256: proof.entry_list_sha256, verify_url: '/draw/results', entry_list_url: drawEntriesPath(id),
            },
          };
        } catch (err) {
          if (err instanceof DrawRefused) throw new WpHttpError(409, 'cgg_draw_refused', err.message);
          throw err;
        }
      },
    }),

    declaredRoute(routeTable.staffPostalEntries, {
      summary: 'Records free postal entries (one, or a batch read from a CSV), each under the purchase rules, each on its own: a refused line changes nothing and the rest go on.',
      description: 'The CLI\'s postal-entry (`takePostalEntry`): an entry counts only if it arrived (`received`, London time; left out, now) before the competition closed, and is then recorded after the close too, until the draw; each line\'s `date_of_birth` is the entrant\'s, 18 or over on the day it arrived, and the same as their account\'s when matched to one that has one. Same per-person cap and question rule, instant wins and reward milestones as a paid ticket, winners mailed after commit. Each entry recorded in the audit log. Answers one result per line. With `idempotency_key` (the back office sends one per batch) a batch sent again answers the lines already recorded as they were (same ticket, same instant wins) and records, allocates and mails nothing twice; a line\'s key for another competition or entrant is refused on that line.',
      handler: async ({ input, staff }) => {
        const actor = staffActor(staff);
        const results = [];
        // Each line's key names the entrant and which of their entries in the batch it is, not its
        // place: a batch sent again with a line dropped or a typo mended after a lost answer still
        // finds the entries it recorded.
        const seen = new Map<string, number>();
        const lineKey = (email: string): string => {
          const who = email.toLowerCase();
          const nth = (seen.get(who) ?? 0) + 1;
          seen.set(who, nth);
          return `${input.idempotency_key}:${who}:${nth}`;
        };
        // One day's post is one batch: every line arrived when the request says (left out, now).
        const receivedAt = input.received === undefined ? undefined : new Date(londonWallTimeToInstant(input.received));
        // In order and one at a time: a batch is the same as typing them in one by one.
        for (const [index, line] of input.entries.entries()) {
          try {
            const { entry } = await takePostalEntry(deps, {
              competitionId: input.competition_id, fullName: line.full_name, email: line.email, town: line.town, answer: line.answer || undefined,
              dateOfBirth: line.date_of_birth, receivedAt, recordedBy: staff.email, now: now(), audit: { staffId: staff.staffId, actor },
              // A batch sent again after a lost answer records only the entries it had not.
              ...(input.idempotency_key ? { idempotencyKey: lineKey(line.email) } : {}),
            });
            results.push({ line: index + 1, recorded: true, ticket_number: entry.ticketNumber, instant_wins: entry.instantWins.map((w) => w.prize_title), message: null });
          } catch (err) {
            if (!(err instanceof PostalEntryRefused)) throw err;
            results.push({ line: index + 1, recorded: false, ticket_number: null, instant_wins: [], message: err.message });
          }
        }
        return { success: true, data: results };
      },
    }),

    declaredRoute(routeTable.staffClaims, {
      summary: 'The fulfilment queue: prize claims oldest first, with what to send where (bank details masked to the last 4 digits).',
      description: '`state` filters (received, processing, fulfilled); 25 a page.',
      handler: async ({ input }) => {
        const { limit, offset, page } = pageOf(input.page, PAGE);
        const { claims, total } = await claimQueue(pool, { state: input.state ?? null, limit, offset });
        return { success: true, data: claims.map(toClaim), page, total, total_pages: Math.ceil(total / limit) };
      },
    }),

    declaredRoute(routeTable.staffClaimState, {
      summary: 'Moves a prize claim forward (received, processing, fulfilled), never back, a sent prize with its tracking reference; the winner\'s account shows it at once.',
      description: '404 `cgg_claim_not_found`; 409 `cgg_claim_state` when the claim is already in that state or past it. Recorded in the audit log.',
      handler: async ({ input, staff }) => {
        const move = await moveClaim(pool, { id: input.id, state: input.state, trackingReference: input.tracking_reference, staffId: staff.staffId, actor: staffActor(staff), now: now() });
        if (move.moved) return { success: true, data: toClaim(move.claim) };
        if (move.current === null) throw new WpHttpError(404, 'cgg_claim_not_found', `There is no claim ${input.id}.`);
        throw new WpHttpError(409, 'cgg_claim_state', `Claim ${input.id} is already ${move.current}.`);
      },
    }),
  ];
}
