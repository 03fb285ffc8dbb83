import { randomInt } from 'node:crypto';
import type pg from 'pg';
import { COMMIT_THEN_FLUSH } from '../db/durable-commit.ts';

/*
 * Selling tickets of one competition inside the checkout (or postal entry) transaction,
 * in two steps so that no lock every buyer needs is held across round trips:
 * 1. take: draw the numbers uniformly at random from the unsold ones and insert them
 *    as tickets. The unsold numbers are rows of `unsold_tickets` (migration 014);
 *    a number another transaction is taking is skipped (`FOR UPDATE SKIP LOCKED`),
 *    never waited for, so buyers of one competition take numbers side by side and
 *    never deadlock over them. At the very end of a sell-out that can leave buyers each
 *    holding part of what they want, all told "sold out" while numbers remain: the take
 *    then throws NumbersHeld, the caller rolls back (letting go of its part) and tries once
 *    more with `waitForHeld`, one such buyer per competition at a time, who may wait.
 *    UNIQUE (competition_id, ticket_number) on tickets stays the last word.
 * 2. record: the guarded UPDATE of competitions.tickets_sold (never past the total,
 *    never unless open: migration 015's trigger; record_ticket_sale, migration 035). It
 *    is the last statement before COMMIT (or sent with it: recordAndCommit), so the
 *    competition row is locked briefly, and it orders sales, so exactly one sale
 *    crosses each reward-win milestone.
 */

export interface TakeRequest {
  competitionId: number;
  count: number;
  /** null: the ticket of a free postal entry (src/draws/postal-entry.ts), which has no order. */
  orderItemId: number | null;
  /** null: a postal entry from someone without an account. */
  customerId: number | null;
  now: Date;
  /** The competition's size and sales as last read (sizes the first draw). */
  hint?: { total: number; sold: number };
  /**
   * The retry after NumbersHeld, in a new transaction that holds no number of this
   * competition: waits its turn among such retries (an advisory lock per competition), then
   * waits for the sales holding the numbers it needs to commit or roll back.
   */
  waitForHeld?: boolean;
}

/**
 * take could not get enough numbers without waiting, but other buyers' unfinished sales hold
 * enough more (they may yet roll back). The caller rolls back its transaction, so that it holds
 * none of them while it waits, and runs it again with `waitForHeld` for this competition.
 */
export class NumbersHeld extends Error {
  constructor(readonly competitionId: number) {
    super(`the numbers left in competition ${competitionId} are being taken by other buyers`);
    this.name = 'NumbersHeld';
  }
}

export interface SaleRecorded {
  /** tickets_sold after this sale, and the total (reward-win milestones read them). */
  soldAfter: number;
  total: number;
  /** A reward-win milestone is now reached and not yet fired (src/store/wins.ts fireRewardWins). */
  rewardDue: boolean;
}

/** recordAndCommit's refusal: the transaction is aborted (nothing committed); the caller rolls back. */
export class SaleRefused extends Error {
  constructor(readonly competitionId: number) {
    super(`the sale of competition ${competitionId} was refused`);
  }
}

export interface Sale {
  competitionId: number;
  count: number;
  now: Date;
}

/** What checkout and postal entries sell with; tests swap in a deliberately unguarded one for the control run. */
export interface TicketAllocator {
  /**
   * `count` numbers inserted as tickets, sorted; null when fewer are left (nothing inserted that
   * counts: the caller rolls back); throws NumbersHeld when only others' unfinished sales stand
   * in the way (never with `waitForHeld`).
   */
  take(client: pg.PoolClient, req: TakeRequest): Promise<number[] | null>;
  /** Counts the sale; null when it would pass the total or the competition is not open. */
  record(client: pg.PoolClient, sale: Sale): Promise<SaleRecorded | null>;
  /**
   * Counts the sale and COMMITs the caller's transaction in the same round trip, so the
   * competition's row lock (which every buyer of it queues on) is held for no round trip of
   * ours; throws SaleRefused (nothing committed) where record answers null. For a transaction
   * with nothing left to do after its last sale (no reward-win milestone to fire). The commit is
   * durable when it returns (COMMIT_THEN_FLUSH: the caller may have turned synchronous_commit off).
   */
  recordAndCommit(client: pg.PoolClient, sale: Sale): Promise<SaleRecorded>;
}

export interface Allocation extends SaleRecorded {
  numbers: number[];
}

/** Take then record, for a caller with nothing to do in between (postal entries). */
export async function sellTickets(allocator: TicketAllocator, client: pg.PoolClient, req: TakeRequest): Promise<Allocation | null> {
  const numbers = await allocator.take(client, req);
  if (!numbers) return null;
  const recorded = await allocator.record(client, { competitionId: req.competitionId, count: req.count, now: req.now });
  return recorded && { numbers, ...recorded };
}

/** Below this share of free numbers, listing the free ones beats guessing. */
const SPARSE_SHARE = 0.2;
/**
 * Listing rounds before giving up on the numbers others are taking. On a first try they are
 * never waited for: two buyers each holding what the other wants would deadlock. Most of those
 * sales commit; a number comes back only if its sale rolls back (a refusal, a decline).
 */
const LIST_ROUNDS = 2;
/**
 * How often a `waitForHeld` take waits for the holders and lists again. Only first tries can
 * hold numbers it wants (other retries queue behind it), and what it waited for stays locked
 * for it, so one wait settles it unless yet more buyers came and went meanwhile.
 */
const HELD_WAITS = 3;

/**
 * One `waitForHeld` take per competition at a time: the numbers it waits for are then held only
 * by first tries, which never wait for a number, so no two buyers can wait for each other.
 * Single-key advisory locks are a space apart from the (competition, customer) pairs checkout
 * takes; the high half ('cggt') keeps them apart from the API's other single keys.
 */
const WAIT_TURN = "SELECT pg_advisory_xact_lock((x'63676774'::bigint << 32) | $1::bigint)";
/** Waits until the sales holding these numbers end, and keeps those that came back for this buyer. */
const WAIT_FOR_HOLDERS = 'SELECT ticket_number FROM unsold_tickets WHERE competition_id = $1 AND ticket_number = ANY($2::int[]) FOR KEY SHARE';

/**
 * Inserts the first `$4` candidates (in candidate order) that are unsold and not being
 * taken by another transaction. Candidates come in uniformly random order, so the
 * numbers taken are a uniform sample of the free ones.
 */
const TAKE_SQL = `
  WITH picked AS (
    SELECT u.ticket_number FROM unsold_tickets u
    JOIN unnest($2::int[]) WITH ORDINALITY AS c(n, i) ON u.ticket_number = c.n
    WHERE u.competition_id = $1
    ORDER BY c.i LIMIT $4
    FOR UPDATE OF u SKIP LOCKED
  )
  INSERT INTO tickets (competition_id, ticket_number, order_item_id, customer_id, created_at)
  SELECT $1, ticket_number, $3, $5, $6 FROM picked
  RETURNING ticket_number`;

export const guardedAllocator: TicketAllocator = {
  async take(client, req) {
    if (req.waitForHeld) await client.query(WAIT_TURN, [req.competitionId]);
    const got: number[] = [];
    const hint = req.hint ?? (await client.query<{ total: number; sold: number }>(
      'SELECT total_tickets AS total, tickets_sold AS sold FROM competitions WHERE id = $1',
      [req.competitionId],
    )).rows[0];
    let listRounds = 0;
    let waits = 0;
    // Sparse: the free numbers as last listed; listed[0..offered) are shuffled and already offered.
    let listed: number[] = [];
    let offered = 0;
    for (let round = 0; got.length < req.count; round++) {
      const need = req.count - got.length;
      let candidates: number[];
      const freeShare = hint ? Math.max(0, hint.total - hint.sold) / hint.total : 0;
      if (hint && round < 2 && freeShare >= SPARSE_SHARE) {
        // Dense: random numbers from 1..total, most of them free.
        candidates = distinctRandom(candidateCount(need, freeShare, hint.total), hint.total, new Set(got));
      } else {
        // Sparse (or guessing missed twice): every free number in random order, offered a slice at
        // a time (most of a slice is free; the rest is being taken by others), so a round does not
        // shuffle and send thousands of numbers to take twenty. Listed again once all are offered.
        if (offered === listed.length) {
          if (++listRounds > LIST_ROUNDS) {
            // Every number listed last time, enough for us, is being taken by others.
            if (!req.waitForHeld) throw new NumbersHeld(req.competitionId);
            if (++waits > HELD_WAITS) return null;
            await client.query(WAIT_FOR_HOLDERS, [req.competitionId, listed]);
            listRounds = 1;
          }
          // One text value, not a row per number: thousands of rows cost the API twice the CPU to read.
          const free = await client.query<{ numbers: string | null }>(
            "SELECT string_agg(ticket_number::text, ',') AS numbers FROM unsold_tickets WHERE competition_id = $1",
            [req.competitionId],
          );
          listed = free.rows[0]!.numbers?.split(',').map(Number) ?? [];
          offered = 0;
          if (listed.length < need) return null;
        }
        const end = Math.min(listed.length, offered + need * 2 + 32);
        shuffleInto(listed, offered, end);
        candidates = listed.slice(offered, end);
        offered = end;
      }
      const inserted = await client.query<{ ticket_number: number }>(TAKE_SQL, [req.competitionId, candidates, req.orderItemId, need, req.customerId, req.now]);
      got.push(...inserted.rows.map((r) => r.ticket_number));
    }
    return got.sort((a, b) => a - b);
  },

  async record(client, sale) {
    const { rows } = await client.query<SaleRow>('SELECT * FROM record_ticket_sale($1, $2, $3, false)', [sale.competitionId, sale.count, sale.now]);
    return rows[0] ? saleOf(rows[0]) : null;
  },

  async recordAndCommit(client, sale) {
    // Simple protocol (no parameters), so both statements go in one message: the values are a
    // whole number, a whole number and a timestamp, written as literals.
    const literal = (n: number): string => {
      if (!Number.isSafeInteger(n)) throw new Error(`not a whole number: ${n}`);
      return String(n);
    };
    try {
      const [recorded] = (await client.query(
        `SELECT * FROM record_ticket_sale(${literal(sale.competitionId)}, ${literal(sale.count)}, ${client.escapeLiteral(sale.now.toISOString())}::timestamptz, true); ${COMMIT_THEN_FLUSH}`,
      )) as unknown as Array<pg.QueryResult<SaleRow>>;
      return saleOf(recorded!.rows[0]!);
    } catch (err) {
      if ((err as { code?: string }).code === 'CGS01') throw new SaleRefused(sale.competitionId);
      throw err;
    }
  },
};

interface SaleRow {
  tickets_sold: number;
  total_tickets: number;
  reward_due: boolean;
}
const saleOf = (r: SaleRow): SaleRecorded => ({ soldAfter: r.tickets_sold, total: r.total_tickets, rewardDue: r.reward_due });

/** Enough random candidates that `need` of them are very likely free. */
const candidateCount = (need: number, freeShare: number, total: number): number => Math.min(total, Math.ceil((need / freeShare) * 1.5) + 8);

/** `k` distinct numbers from 1..total not in `exclude`, uniformly (crypto randomness). */
function distinctRandom(k: number, total: number, exclude: ReadonlySet<number>): number[] {
  const out = new Set<number>();
  const limit = Math.min(k, total - exclude.size);
  while (out.size < limit) {
    const n = randomInt(1, total + 1);
    if (!exclude.has(n)) out.add(n);
  }
  return [...out];
}

/**
 * Fills items[from..to) with a uniformly random choice, in random order, of items[from..]
 * (the first steps of a Fisher-Yates shuffle, crypto randomness; in place). Called again for
 * the next range, the ranges together are one uniformly random order of the whole list.
 */
function shuffleInto(items: number[], from: number, to: number): void {
  for (let i = from; i < to; i++) {
    const j = randomInt(i, items.length);
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
}
