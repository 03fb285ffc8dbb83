import type pg from 'pg';
import { fallbackLogger } from '../lib/logger.ts';
import { underReview } from '../payments/under-review.ts';
import { HOLDING_STATUSES } from '../store/order-statuses.ts';
import type { Mailer, MailMessage } from '../mail/mailer.ts';
import { recordStaffAction } from '../staff/audit-log.ts';
import { ensureCommitments } from './commitments.ts';
import { drawWinnerEmail } from './draw-emails.ts';
import { drawFromEntries, type DrawEntry } from './draw-function.ts';
import { openSeed } from './sealed-seeds.ts';

export interface DrawDone {
  competitionId: number;
  entryCount: number;
  /** null: no entries, the competition closed with no winner. */
  winningTicket: number | null;
  /** The winner's mail, sent after the draw commits. */
  mail: MailMessage | null;
}

export interface DrawOptions {
  now: Date;
  /** 'scheduler' or 'cli:<operator>': recorded with the proof. */
  drawnBy: string;
  siteUrl: string;
  /** The start-up backfill's proof of a result recorded before draws existed: the competition is already 'drawn'. */
  backfill?: boolean;
  /** The scheduler's draw: only once the draw time has come, and never a live draw (the operator's). */
  scheduled?: boolean;
}

/** The draw's entries: tickets of orders that count (as the per-person cap counts them) plus postal entries. */
export async function loadEntries(db: pg.PoolClient | pg.Pool, competitionId: number): Promise<DrawEntry[]> {
  const { rows } = await db.query<{ ticket_number: number; postal: boolean }>(
    `SELECT t.ticket_number, t.order_item_id IS NULL AS postal
     FROM tickets t LEFT JOIN order_items i ON i.id = t.order_item_id LEFT JOIN orders o ON o.id = i.order_id
     WHERE t.competition_id = $1 AND (t.order_item_id IS NULL OR o.status = ANY($2))
     ORDER BY t.ticket_number`,
    [competitionId, HOLDING_STATUSES],
  );
  return rows.map((r) => ({ ticket_number: r.ticket_number, entry_type: r.postal ? 'postal' : 'paid' }));
}

interface Winner {
  customerId: number | null;
  orderId: number | null;
  postalEntryId: number | null;
  firstName: string;
  town: string;
  email: string;
}

async function findWinner(client: pg.PoolClient, competitionId: number, entry: DrawEntry): Promise<Winner> {
  if (entry.entry_type === 'postal') {
    const { rows } = await client.query<{ id: string; customer_id: number | null; full_name: string; email: string; town: string }>(
      'SELECT id, customer_id, full_name, email, town FROM postal_entries WHERE competition_id = $1 AND ticket_number = $2',
      [competitionId, entry.ticket_number],
    );
    const p = rows[0]!;
    return { customerId: p.customer_id, orderId: null, postalEntryId: Number(p.id), firstName: p.full_name.trim().split(/\s+/)[0] ?? '', town: p.town, email: p.email };
  }
  const { rows } = await client.query<{ customer_id: number | null; order_id: number; first_name: string | null; email: string | null; town: string }>(
    `SELECT t.customer_id, i.order_id, COALESCE(NULLIF(cu.first_name, ''), o.billing_first_name) AS first_name,
            COALESCE(NULLIF(o.billing_email, ''), cu.email) AS email, COALESCE(NULLIF(o.billing_city, ''), cu.billing_city, '') AS town
     FROM tickets t JOIN order_items i ON i.id = t.order_item_id JOIN orders o ON o.id = i.order_id
     LEFT JOIN customers cu ON cu.id = t.customer_id
     WHERE t.competition_id = $1 AND t.ticket_number = $2`,
    [competitionId, entry.ticket_number],
  );
  const w = rows[0]!;
  return { customerId: w.customer_id, orderId: w.order_id, postalEntryId: null, firstName: w.first_name ?? '', town: w.town, email: w.email ?? '' };
}

/** The competition's row as a draw reads it, locked. */
interface LockedCompetition { title: string; prize_value_pence: number; status: string; closing_at: Date; draw_at: Date; live_draw: boolean }

/**
 * Why a competition picked for a draw must not be drawn after all, read once its row is locked
 * (null: draw it). What the caller read before may have changed while it waited for the lock: a
 * cancel that committed meanwhile is final (its refunds are under way), a checkout that committed
 * meanwhile holds a reservation whose tickets are not paid yet, and an edit that committed
 * meanwhile may have moved the closing or draw time later, or made it a live draw.
 */
async function refusalOnceLocked(client: pg.PoolClient, competitionId: number, comp: LockedCompetition, o: DrawOptions): Promise<string | null> {
  const { status } = comp;
  if (status !== 'open' && status !== 'closed') return `Competition ${competitionId} is ${status}; it is not drawn.`;
  if (comp.closing_at > o.now) return `Competition ${competitionId} is still taking entries until ${comp.closing_at.toISOString()}; draw it after it closes.`;
  if (o.scheduled && (comp.draw_at > o.now || comp.live_draw)) return `Competition ${competitionId} is no longer due for the automatic draw (its draw time or live draw changed).`;
  return unsettledRefusal(client, competitionId);
}

/**
 * Why the draw must wait for entries not settled yet (OPEN_RESERVATIONS), or null. A payment of
 * the wrong amount holds its order until a person deals with it (payments/under-review.ts), not a
 * few minutes: named, with where to deal with it, so the wait is not a mystery.
 */
async function unsettledRefusal(client: pg.PoolClient, competitionId: number): Promise<string | null> {
  const reserved = await client.query(`SELECT 1 FROM competitions c WHERE c.id = $1 AND EXISTS (${OPEN_RESERVATIONS})`, [competitionId]);
  if (!reserved.rowCount) return null;
  const { rows } = await client.query<{ id: number }>(
    `SELECT DISTINCT o.id FROM order_items i JOIN orders o ON o.id = i.order_id
     WHERE i.competition_id = $1 AND o.status = 'pending' AND ${underReview('o.id')} ORDER BY o.id`,
    [competitionId],
  );
  if (rows.length > 0) {
    const orders = rows.map((r) => `#${r.id}`).join(', ');
    return `Competition ${competitionId} waits for ${rows.length === 1 ? `order ${orders}, whose payment is` : `orders ${orders}, whose payments are`} under review (the wrong amount was taken): deal with ${rows.length === 1 ? 'it' : 'them'} under Payment problems, then draw.`;
  }
  return `Competition ${competitionId} has card payments or refunds still being confirmed; draw it once they settle (at most a few minutes).`;
}

/**
 * Draws one competition whose competition_draws row the caller has locked, inside the
 * caller's transaction. Locks the competition row too, so a sale in flight finishes
 * first and none follows (the allocator sells only while the status is 'open').
 */
export async function drawLocked(client: pg.PoolClient, competitionId: number, o: DrawOptions): Promise<DrawDone> {
  const comp = (await client.query<LockedCompetition>(
    'SELECT title, prize_value_pence, status, closing_at, draw_at, live_draw FROM competitions WHERE id = $1 FOR UPDATE',
    [competitionId],
  )).rows[0]!;
  // A backfill draws again a result recorded before proofs existed; any other draw is checked again
  // now the row is locked (refusalOnceLocked).
  if (!o.backfill) {
    const refused = await refusalOnceLocked(client, competitionId, comp, o);
    if (refused) throw new DrawRefused(refused);
  }
  // The seed is opened only now (sealed-seeds.ts), and published in plain with the proof.
  const sealed = (await client.query<{ sealed_seed: string }>('SELECT sealed_seed FROM competition_draws WHERE competition_id = $1', [competitionId])).rows[0]!.sealed_seed;
  const seed = openSeed(competitionId, sealed);
  const outcome = drawFromEntries(seed, await loadEntries(client, competitionId));
  await client.query(
    `UPDATE competition_draws SET drawn_at = $2, drawn_by = $3, entry_count = $4, entry_list_sha256 = $5, entry_list_csv = $6,
       winning_index = $7, winning_ticket_number = $8, rounds = $9, seed = $10, sealed_seed = NULL
     WHERE competition_id = $1`,
    [competitionId, o.now, o.drawnBy, outcome.entryCount, outcome.entryListHash, outcome.csv, outcome.winner?.index ?? null, outcome.winner?.entry.ticket_number ?? null, outcome.winner?.rounds ?? null, seed],
  );
  if (!outcome.winner) {
    // No entries: it closes with no winner.
    await client.query(`UPDATE competitions SET status = 'closed', updated_at = $2 WHERE id = $1`, [competitionId, o.now]);
    return { competitionId, entryCount: 0, winningTicket: null, mail: null };
  }
  const ticket = outcome.winner.entry.ticket_number;
  const w = await findWinner(client, competitionId, outcome.winner.entry);
  await client.query(`UPDATE competitions SET status = 'drawn', drawn_at = $2, winning_ticket_number = $3, updated_at = $2 WHERE id = $1`, [competitionId, o.now, ticket]);
  await client.query(
    `INSERT INTO draw_wins (competition_id, ticket_number, customer_id, order_id, postal_entry_id, winner_first_name, winner_town, prize_title, prize_value_pence, won_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [competitionId, ticket, w.customerId, w.orderId, w.postalEntryId, w.firstName, w.town, comp.title, comp.prize_value_pence, o.now],
  );
  // The older winners table (kept for anything still reading it).
  await client.query(
    `INSERT INTO winners (competition_id, winner_name, prize_title, prize_value_pence, kind, ticket_number, won_at) VALUES ($1, $2, $3, $4, 'draw', $5, $6)`,
    [competitionId, w.firstName || 'A customer', comp.title, comp.prize_value_pence, ticket, o.now],
  );
  const mail = w.email
    ? drawWinnerEmail({
      to: w.email, firstName: w.firstName, title: comp.title, ticket, prizePence: comp.prize_value_pence, siteUrl: o.siteUrl,
      postalEntryWithoutAccount: w.customerId === null && w.postalEntryId !== null ? w.postalEntryId : undefined,
    })
    : null;
  return { competitionId, entryCount: outcome.entryCount, winningTicket: ticket, mail };
}

/** The winner's mail is queued in the draw's transaction: it exists exactly when the draw commits, and a worker sends it after. */
async function queueWinnerMail(client: pg.PoolClient, mailer: Mailer, mail: MailMessage | null): Promise<void> {
  if (mail) await mailer.send(mail, client);
}

/**
 * Claims and draws every due competition (draw time reached, not live-draw, not drawn),
 * one per transaction. `FOR UPDATE SKIP LOCKED` on the draw row means two instances
 * never draw the same one; once committed the row has drawn_at and is never claimed again.
 */
export async function drawDueCompetitions(pool: pg.Pool, o: Omit<DrawOptions, 'drawnBy'> & { mailer: Mailer; log?: (m: string) => void }): Promise<DrawDone[]> {
  const log = o.log ?? ((m: string) => fallbackLogger().info({ component: 'draws' }, m));
  await ensureCommitments(pool, o.now);
  const done: DrawDone[] = [];
  // Refused once its row was locked (cancelled, or a reservation, meanwhile), or failed: not asked
  // again this run, so one competition that cannot be drawn never holds up those due after it.
  const skipped: number[] = [];
  const failures: string[] = [];
  for (;;) {
    const client = await pool.connect();
    let result: DrawDone | null = null;
    let claimed: number | null = null;
    try {
      await client.query('BEGIN');
      const { rows } = await client.query<{ competition_id: number }>(
        `SELECT d.competition_id FROM competition_draws d JOIN competitions c ON c.id = d.competition_id
         WHERE d.drawn_at IS NULL AND c.draw_at <= $1 AND c.closing_at <= $1 AND NOT c.live_draw AND c.status IN ('open', 'closed')
           AND NOT EXISTS (${OPEN_RESERVATIONS}) AND c.id <> ALL($2::int[])
         ORDER BY c.draw_at, c.id LIMIT 1 FOR UPDATE OF d SKIP LOCKED`,
        [o.now, skipped],
      );
      claimed = rows[0]?.competition_id ?? null;
      if (claimed !== null) result = await drawLocked(client, claimed, { ...o, drawnBy: 'scheduler', scheduled: true });
      if (result) await queueWinnerMail(client, o.mailer, result.mail);
      await client.query('COMMIT');
    } catch (err) {
      await client.query('ROLLBACK').catch(() => {});
      if (claimed === null) throw err;
      skipped.push(claimed);
      if (err instanceof DrawRefused) log(`${err.message} (left for a later run)`);
      else failures.push(`competition ${claimed}: ${(err as Error).message}`);
      continue;
    } finally {
      client.release();
    }
    if (!result) {
      // Reported once the others are drawn: the job's failure (and its retries) names each.
      if (failures.length > 0) throw new Error(`${done.length} drawn, ${failures.length} could not be: ${failures.join('; ')}`);
      return done;
    }
    log(`competition ${result.competitionId} drawn: ${result.winningTicket === null ? 'no entries, closed with no winner' : `ticket ${result.winningTicket} of ${result.entryCount} entries`}`);
    done.push(result);
  }
}

export class DrawRefused extends Error {}

/**
 * Entries not settled yet, which a draw waits for (`c` is the competition):
 * - a card order still waiting for its payment (a reservation: at most RESERVATION_SECONDS, then
 *   released by the expiry job) holds tickets that are neither paid nor given back;
 * - a refund asked of the provider and not yet answered (refund-retry.ts asks again) that gives
 *   back the competition's tickets (the whole order, or its lines of this competition): once it
 *   succeeds they leave the draw, so they must not win it meanwhile.
 * So the winning ticket is always a paid one that stays paid. The automatic draw skips the
 * competition until then; a manual draw is refused.
 */
const OPEN_RESERVATIONS = `SELECT 1 FROM order_items i JOIN orders o ON o.id = i.order_id
  WHERE i.competition_id = c.id AND (
    (o.status = 'pending' AND o.reserved_until IS NOT NULL)
    OR EXISTS (SELECT 1 FROM order_refunds r WHERE r.order_id = o.id AND r.state = 'pending' AND (r.whole OR r.competition_id = c.id)))`;

/**
 * The operator's draw of one competition (live draws): the same function, refused
 * before entries close, when already drawn, or while another draw of it is running.
 */
export async function drawOneNow(
  pool: pg.Pool,
  competitionId: number,
  o: DrawOptions & { mailer: Mailer; log?: (m: string) => void; /** Who ran it, for the audit log (written with the draw). */ audit: { staffId: number | null; actor: string } },
): Promise<DrawDone> {
  await ensureCommitments(pool, o.now);
  const client = await pool.connect();
  let result: DrawDone;
  try {
    await client.query('BEGIN');
    const comp = (await client.query<{ closing_at: Date; drawn_at: Date | null; status: string }>(
      'SELECT c.closing_at, c.status, d.drawn_at FROM competitions c JOIN competition_draws d ON d.competition_id = c.id WHERE c.id = $1',
      [competitionId],
    )).rows[0];
    if (!comp) throw new DrawRefused(`No competition with id ${competitionId}.`);
    if (comp.status === 'draft' || comp.status === 'cancelled') throw new DrawRefused(`Competition ${competitionId} is ${comp.status === 'draft' ? 'a draft (never published)' : 'cancelled'}; it is not drawn.`);
    if (comp.drawn_at) throw new DrawRefused(`Competition ${competitionId} was already drawn at ${comp.drawn_at.toISOString()}.`);
    if (comp.closing_at > o.now) throw new DrawRefused(`Competition ${competitionId} is still taking entries until ${comp.closing_at.toISOString()}; draw it after it closes.`);
    const unsettled = await unsettledRefusal(client, competitionId);
    if (unsettled) throw new DrawRefused(unsettled);
    const locked = await client.query('SELECT 1 FROM competition_draws WHERE competition_id = $1 AND drawn_at IS NULL FOR UPDATE SKIP LOCKED', [competitionId]);
    if (locked.rowCount === 0) throw new DrawRefused(`Competition ${competitionId} is being drawn right now (or was just drawn).`);
    result = await drawLocked(client, competitionId, o);
    await recordStaffAction(client, {
      staffId: o.audit.staffId, actor: o.audit.actor, action: 'draw.run', subject: `competition #${competitionId}`,
      after: { entry_count: result.entryCount, winning_ticket: result.winningTicket }, at: o.now,
    });
    await queueWinnerMail(client, o.mailer, result.mail);
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
  return result;
}
