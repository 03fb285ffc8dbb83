import { STORE_ERRORS, type StoreInstantWinWon } from '@cgg/contracts/store';
import { dateOfBirthProblem, formatBirthday, birthdayAt, MINIMUM_AGE } from '@cgg/contracts/account';
import { londonDateOf, ticketsLeft, type Competition } from '@cgg/contracts';
import type pg from 'pg';
import { recordStaffAction } from '../staff/audit-log.ts';
import { inTransaction } from '../accounts/queryable.ts';
import { isLocked } from '../accounts/responsible-play.ts';
import { notPurchasableReason } from '../store/cart-rules.ts';
import { competitionsById, purchasedCounts, questionsAsked } from '../store/store-competitions.ts';
import { guardedAllocator, NumbersHeld, sellTickets } from '../store/ticket-allocation.ts';
import { awardInstantWins, fireRewardWins, publicName, splitFullName } from '../store/wins.ts';
import { penceToPounds } from '../lib/money.ts';

export interface PostalEntryInput {
  competitionId: number;
  /** Either an account (its name, email and town are used unless given)... */
  customerId?: number;
  /** ...or the name and email written on the entry (matched to an account by email when one exists). */
  fullName?: string;
  email?: string;
  town?: string;
  /** The answer written on the entry: an option id or its text. */
  answer?: string;
  /** The date of birth written on the entry, 'YYYY-MM-DD': the entrant was 18 or over when it arrived (UK code 1.1). */
  dateOfBirth: string;
  /**
   * When the envelope arrived (default: now). It counts only if it arrived before the competition
   * closed; one that did is still entered when keyed in after the close, until the draw is made.
   */
  receivedAt?: Date;
  recordedBy: string;
  now: Date;
  /** A person's entry (the CLI's, the back office's) is recorded in the audit log, in the entry's transaction. */
  audit?: { staffId: number | null; actor: string };
  /** The back office's key for this entry: sent again, it answers the entry recorded and records nothing. */
  idempotencyKey?: string;
}

export interface PostalEntryRecorded {
  entryId: number;
  ticketNumber: number;
  customerId: number | null;
  fullName: string;
  email: string;
  /** Instant wins this ticket carried (awarded in the entry's transaction, like a paid ticket's). */
  instantWins: StoreInstantWinWon[];
  /** Reward wins whose milestone this entry's ticket crossed (their winner is drawn among all entries). */
  rewardWinsFired: number;
}

/** A postal entry that is not valid: nothing was recorded. */
export class PostalEntryRefused extends Error {}

const KEY_REUSED = 'This entry\'s key was used for another entry; record it again as a new one.';

async function resolveAnswer(client: pg.PoolClient, c: Competition, answer: string | undefined): Promise<number | null> {
  if (!c.comp_question || !(await questionsAsked(client))) return null;
  if (!answer?.trim()) throw new PostalEntryRefused(`Competition ${c.id} asks "${c.question}": record the answer written on the entry.`);
  const { rows } = await client.query<{ id: number; text: string; is_correct: boolean }>(
    'SELECT id, text, is_correct FROM competition_question_options WHERE competition_id = $1 ORDER BY position',
    [c.id],
  );
  const a = answer.trim().toLowerCase();
  const option = rows.find((o) => String(o.id) === a || o.text.toLowerCase() === a);
  if (!option) throw new PostalEntryRefused(`"${answer}" is not one of the answers of competition ${c.id}: ${rows.map((o) => o.text).join(', ')}.`);
  if (!option.is_correct) throw new PostalEntryRefused(`"${option.text}" is not the correct answer, so this entry is not valid and was not recorded.`);
  return option.id;
}

/**
 * Whether an entry that arrived at `receivedAt` takes part: it arrived after the competition was
 * set up and before it closed (the postal route's closing rules), and the competition still takes
 * entries. One that arrived in time is entered when keyed in after the close too, until the draw
 * is made: the post is opened after it arrives, and an entrant must not lose out to the time that
 * takes. (The draw locks the competition row before it reads the entries, and the allocator sells
 * only while the stored status is 'open', so an entry and the draw never cross: it is in or refused.)
 */
async function assertEntryTakesPart(client: pg.PoolClient, c: Competition, receivedAt: Date): Promise<void> {
  const { rows } = await client.query<{ status: string; closing_at: Date; created_at: Date; closing: string; created: string; received: string }>(
    `SELECT status, closing_at, created_at, to_char(closing_at AT TIME ZONE 'Europe/London', 'YYYY-MM-DD HH24:MI') AS closing,
            to_char(created_at AT TIME ZONE 'Europe/London', 'YYYY-MM-DD HH24:MI') AS created,
            to_char($2::timestamptz AT TIME ZONE 'Europe/London', 'YYYY-MM-DD HH24:MI') AS received
     FROM competitions WHERE id = $1`,
    [c.id, receivedAt],
  );
  const stored = rows[0]!;
  // Tickets switched off refuse every entry, whenever it arrived (the reason below names the close first).
  if (c.disable_tickets) throw new PostalEntryRefused(`Competition ${c.id} is not taking entries (tickets are switched off), so this entry cannot be recorded.`);
  const reason = notPurchasableReason(c);
  if (reason !== 'drawn' && receivedAt >= stored.closing_at) {
    throw new PostalEntryRefused(`This entry arrived ${stored.received}, after competition ${c.id} closed (${stored.closing}, London time), so it is not entered.`);
  }
  if (receivedAt < stored.created_at) {
    throw new PostalEntryRefused(`This entry arrived ${stored.received}, before competition ${c.id} was set up (${stored.created}, London time): check the date it arrived.`);
  }
  // 'closed' by its closing time alone (the stored status still 'open'): entries that arrived before it go in.
  const closedByTimeOnly = reason === 'closed' && stored.status === 'open';
  if (reason && !closedByTimeOnly) {
    const why = reason === 'drawn' ? 'has been drawn' : 'is closed';
    throw new PostalEntryRefused(`Competition ${c.id} ${why}, so this entry cannot be recorded (tickets left: ${ticketsLeft(c)}).`);
  }
  if (ticketsLeft(c) === 0) throw new PostalEntryRefused(`Competition ${c.id} has sold out, so this entry is not entered.`);
}

/**
 * The date of birth written on the entry, checked: a real date, and the entrant 18 or over on the
 * day the entry arrived (UK code 1.1). An entry matched to an account whose date of birth is known
 * must give the same one: a different date is a different person, or a mistake to look at first.
 */
async function checkEntrantAge(client: pg.PoolClient, o: { dateOfBirth: string; fullName: string; customerId: number | null; receivedAt: Date }): Promise<string> {
  const dateOfBirth = o.dateOfBirth.trim();
  if (!dateOfBirth) throw new PostalEntryRefused('The entrant\'s date of birth is required: the postal route asks for it, and an entry without one is not valid.');
  const problem = dateOfBirthProblem(dateOfBirth, londonDateOf(o.receivedAt));
  if (problem?.kind === 'invalid') throw new PostalEntryRefused(problem.message);
  if (problem?.kind === 'under-18') {
    throw new PostalEntryRefused(`${o.fullName} was under 18 when the entry arrived (18 on ${formatBirthday(birthdayAt(dateOfBirth, MINIMUM_AGE))}), so it is not valid and was not recorded.`);
  }
  if (o.customerId !== null) {
    const { rows } = await client.query<{ date_of_birth: string | null }>('SELECT date_of_birth::text AS date_of_birth FROM customers WHERE id = $1', [o.customerId]);
    const onAccount = rows[0]?.date_of_birth ?? null;
    if (onAccount !== null && onAccount !== dateOfBirth) {
      throw new PostalEntryRefused(`The date of birth on the entry (${formatBirthday(dateOfBirth)}) is not the one on customer #${o.customerId}'s account: check the entry with the entrant; it was not recorded.`);
    }
  }
  return dateOfBirth;
}

/**
 * Records a free postal entry: the same rules as a purchase (open, tickets left, the
 * per-person cap counting paid and postal tickets, the skill question when asked), and
 * its ticket comes from the checkout's own guarded allocator (same pool, same random
 * numbers). One transaction: a refused entry writes nothing. When the last numbers are all
 * being taken by buyers right now, it is run once more, waiting for them (NumbersHeld).
 */
export async function recordPostalEntry(pool: pg.Pool, input: PostalEntryInput): Promise<PostalEntryRecorded> {
  try {
    return await recordPostalEntryOnce(pool, input, false);
  } catch (err) {
    if (err instanceof NumbersHeld) return recordPostalEntryOnce(pool, input, true);
    throw err;
  }
}

/**
 * The entry an idempotency key recorded, as it was answered then (its instant wins included), or
 * null. The key for another competition or entrant is refused: one key is one entry.
 */
async function recordedUnderKey(client: pg.PoolClient, input: PostalEntryInput): Promise<PostalEntryRecorded | null> {
  if (input.idempotencyKey === undefined) return null;
  const entry = (await client.query<{ id: string; competition_id: number; customer_id: number | null; full_name: string; email: string; ticket_number: number }>(
    'SELECT id, competition_id, customer_id, full_name, email, ticket_number FROM postal_entries WHERE idempotency_key = $1',
    [input.idempotencyKey],
  )).rows[0];
  if (!entry) return null;
  const sameEntrant = input.customerId !== undefined ? entry.customer_id === input.customerId : entry.email.toLowerCase() === input.email?.trim().toLowerCase();
  if (entry.competition_id !== input.competitionId || !sameEntrant) throw new PostalEntryRefused(KEY_REUSED);
  const { rows } = await client.query<{ win_id: string; ticket_number: number; prize_id: number; title: string; pence: number; image: string }>(
    `SELECT a.id AS win_id, a.ticket_number, p.id AS prize_id, p.title, p.prize_value_pence AS pence, p.image
     FROM instant_win_awards a JOIN instant_win_prizes p ON p.id = a.instant_win_prize_id WHERE a.postal_entry_id = $1 ORDER BY a.ticket_number`,
    [entry.id],
  );
  return {
    entryId: Number(entry.id), ticketNumber: entry.ticket_number, customerId: entry.customer_id, fullName: entry.full_name, email: entry.email,
    instantWins: rows.map((r) => ({
      win_id: Number(r.win_id), competition_id: entry.competition_id, ticket_number: r.ticket_number, prize_id: r.prize_id, prize_title: r.title, prize_value: penceToPounds(r.pence), image: r.image,
    })),
    rewardWinsFired: 0,
  };
}

async function recordPostalEntryOnce(pool: pg.Pool, input: PostalEntryInput, waitForHeld: boolean): Promise<PostalEntryRecorded> {
  return inTransaction(pool, async (client) => {
    // Before the rules: a repeat is answered as recorded even once the competition has sold out or closed.
    const before = await recordedUnderKey(client, input);
    if (before) return before;
    const receivedAt = input.receivedAt ?? input.now;
    if (Number.isNaN(receivedAt.getTime()) || receivedAt > input.now) throw new PostalEntryRefused('The entry cannot have arrived later than now: check the date and time it arrived.');
    const c = (await competitionsById(client, [input.competitionId])).get(input.competitionId);
    if (!c) throw new PostalEntryRefused(`No competition with id ${input.competitionId}.`);
    await assertEntryTakesPart(client, c, receivedAt);

    let customerId: number | null = null;
    let fullName = input.fullName?.trim() ?? '';
    let email = input.email?.trim() ?? '';
    let town = input.town?.trim() ?? '';
    if (input.customerId !== undefined) {
      const { rows } = await client.query<{ id: number; email: string; first_name: string; last_name: string; billing_city: string }>(
        'SELECT id, email, first_name, last_name, billing_city FROM customers WHERE id = $1 FOR UPDATE',
        [input.customerId],
      );
      const me = rows[0];
      if (!me) throw new PostalEntryRefused(`No customer with id ${input.customerId}.`);
      customerId = me.id;
      // An account's name may be longer than an entry holds (two names of up to 100 each).
      fullName ||= `${me.first_name} ${me.last_name}`.trim().slice(0, 200);
      email ||= me.email;
      town ||= me.billing_city;
    } else {
      if (!fullName) throw new PostalEntryRefused('The entrant\'s name is required.');
      if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw new PostalEntryRefused('A valid email address is required, to tell the entrant if they win.');
      const { rows } = await client.query<{ id: number }>('SELECT id FROM customers WHERE lower(email) = lower($1) FOR UPDATE', [email]);
      customerId = rows[0]?.id ?? null;
    }
    // The entry's own limits (postal_entries), as the back office's form states them.
    if (fullName.length > 200) throw new PostalEntryRefused('The entrant\'s name is at most 200 characters.');
    if (email.length > 254) throw new PostalEntryRefused('The email address is at most 254 characters.');
    if ((input.town?.trim() ?? '').length > 100) throw new PostalEntryRefused('The town is at most 100 characters.');
    if ((input.answer ?? '').trim().length > 200) throw new PostalEntryRefused('The answer is at most 200 characters.');
    const dateOfBirth = await checkEntrantAge(client, { dateOfBirth: input.dateOfBirth, fullName, customerId, receivedAt });
    // A customer on a break from play (or closed) takes no part by post either: a free entry is play too (UK code 1.5).
    if (customerId !== null) {
      const { rows } = await client.query<{ lock_permanent: boolean; locked_until: Date | null }>('SELECT lock_permanent, locked_until FROM customers WHERE id = $1', [customerId]);
      const lock = rows[0]!;
      if (isLocked(lock, input.now)) {
        throw new PostalEntryRefused(lock.lock_permanent
          ? `${fullName}'s account (customer #${customerId}) is closed to play for good, so this entry is not recorded.`
          : `${fullName}'s account (customer #${customerId}) is on a break from play until ${lock.locked_until!.toISOString()}, so this entry is not recorded.`);
      }
    }
    const answerOptionId = await resolveAnswer(client, c, input.answer);

    // The same lock the checkout takes per (competition, customer); an entrant without an account is keyed by email.
    if (customerId !== null) await client.query('SELECT pg_advisory_xact_lock($1::int, $2::int)', [c.id, customerId]);
    else await client.query('SELECT pg_advisory_xact_lock($1::int, hashtext(lower($2)))', [c.id, email]);
    // The same entry sent twice at once: the second waited on the lock above and finds the first's.
    const racedBy = await recordedUnderKey(client, input);
    if (racedBy) return racedBy;
    const held = customerId !== null
      ? (await purchasedCounts(client, customerId, [c.id])).get(c.id) ?? 0
      : (await client.query<{ n: number }>('SELECT count(*)::int AS n FROM postal_entries WHERE competition_id = $1 AND lower(email) = lower($2)', [c.id, email])).rows[0]!.n;
    if (held >= c.max_ticket_per_user) {
      throw new PostalEntryRefused(`${STORE_ERRORS.maxPerUser.message}: ${fullName} already holds ${held} of the ${c.max_ticket_per_user} tickets one person may have.`);
    }

    const allocation = await sellTickets(guardedAllocator, client, { competitionId: c.id, count: 1, orderItemId: null, customerId, now: input.now, hint: { total: c.total_sell_tickets, sold: c.total_ticket_sold }, waitForHeld });
    if (!allocation) throw new PostalEntryRefused(`Competition ${c.id} has no tickets left (or has just closed).`);
    const ticketNumber = allocation.numbers[0]!;
    const { rows } = await client.query<{ id: string }>(
      `INSERT INTO postal_entries (competition_id, customer_id, full_name, email, town, answer_option_id, ticket_number, recorded_by, recorded_at, idempotency_key, received_at, date_of_birth)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING id`,
      [c.id, customerId, fullName, email, town, answerOptionId, ticketNumber, input.recordedBy, input.now, input.idempotencyKey ?? null, receivedAt, dateOfBirth],
    ).catch((err: unknown) => {
      // The key sent at once for another entrant (another lock): the loser of the UNIQUE race.
      if ((err as { constraint?: string }).constraint === 'postal_entries_idempotency_key_idx') throw new PostalEntryRefused(KEY_REUSED);
      throw err;
    });
    const entryId = Number(rows[0]!.id);

    // The same chances as a paid ticket, in this transaction: an instant-win number wins its
    // prize (once: the award is guarded like the checkout's), and a milestone this ticket
    // crossed fires its reward win.
    let winnerName = publicName(splitFullName(fullName).first, splitFullName(fullName).last);
    if (customerId !== null) {
      const who = await client.query<{ first_name: string; last_name: string }>('SELECT first_name, last_name FROM customers WHERE id = $1', [customerId]);
      if (who.rows[0]) winnerName = publicName(who.rows[0].first_name, who.rows[0].last_name);
    }
    const instantWins = c.enable_instant_wins
      ? await awardInstantWins(client, { competitionId: c.id, numbers: [ticketNumber], customerId, postalEntryId: entryId, winnerName, entrantName: fullName, now: input.now })
      : [];
    const rewardWinsFired = allocation.rewardDue
      ? await fireRewardWins(client, { competitionId: c.id, soldAfter: allocation.soldAfter, total: allocation.total, now: input.now })
      : 0;
    if (input.audit) {
      await recordStaffAction(client, {
        staffId: input.audit.staffId, actor: input.audit.actor, action: 'postal.entry', subject: `competition #${c.id}`,
        after: { entry_id: entryId, ticket_number: ticketNumber, name: fullName, email, received_at: receivedAt.toISOString() }, at: input.now,
      });
    }
    return { entryId, ticketNumber, customerId, fullName, email, instantWins, rewardWinsFired };
  });
}
