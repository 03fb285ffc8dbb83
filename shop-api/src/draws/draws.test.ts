import { randomUUID } from 'node:crypto';
import { STORE_ERRORS } from '@cgg/contracts/store';
import { drawProofResponseSchema, drawResultsResponseSchema, londonDateOf, winnersListResponseSchema, winnersSummaryResponseSchema } from '@cgg/contracts';
import pg from 'pg';
import { createPool } from '../db/pool.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyDraw } from '../../scripts/verify-draw.mjs';
import { createMailer } from '../mail/mailer.ts';
import { billing, cardPayment, createCompetition, createCustomer } from '../store/store-fixtures.ts';
import { payCheckout, storeInject, storeTestApp, type StoreClientState } from '../store/store-test-kit.ts';
import { guardedAllocator } from '../store/ticket-allocation.ts';
import { sha256Hex } from './draw-function.ts';
import { recordPostalEntry, PostalEntryRefused } from './postal-entry.ts';
import { drawDueCompetitions, drawOneNow, DrawRefused } from './run-draw.ts';
import { updateCompetitionFromFile } from '../competitions/competition-writer.ts';

let kit: Awaited<ReturnType<typeof storeTestApp>>;
beforeAll(async () => {
  kit = await storeTestApp();
});
afterAll(async () => kit.close());

const SITE = 'http://localhost:3000';
const api = async (name: string, payload: object = {}) =>
  kit.app.inject({ method: 'POST', url: `/?rest_route=/api/v1/${name}`, headers: { 'content-type': 'application/json' }, payload });
const quiet = { log: () => {} };
const drawDue = (pool: pg.Pool, now = new Date()) => drawDueCompetitions(pool, { now, mailer: createMailer(pool), siteUrl: SITE, ...quiet });

/** A customer buys `quantity` tickets through the real basket and checkout. */
async function buy(productId: number, quantity: number, who?: Awaited<ReturnType<typeof createCustomer>>) {
  const customer = who ?? (await createCustomer(kit.pool));
  const state: StoreClientState = { bearer: customer.token };
  await storeInject(kit.app, state, 'GET', '/cart');
  const added = await storeInject(kit.app, state, 'POST', '/cart/add-item', { id: productId, quantity });
  expect(added.status).toBe(200);
  const res = await payCheckout(kit.app, state, { billing_address: billing, payment_method: 'cgg-card', payment_data: cardPayment() }, { 'idempotency-key': randomUUID() });
  expect(res.status).toBe(200);
  return { customer, state, numbers: res.body.extensions.cgg.tickets[0].ticket_numbers as number[] };
}

/** Moves a competition's closing and draw time into the past (entries closed, draw due). */
const makeDue = (id: number) => kit.pool.query(`UPDATE competitions SET closing_at = now() - interval '2 minutes', draw_at = now() - interval '1 minute' WHERE id = $1`, [id]);

async function entriesCsv(id: number) {
  const res = await kit.app.inject({ method: 'GET', url: `/?rest_route=/api/v1/draw_entries&id=${id}` });
  return res;
}

async function proofOf(id: number) {
  return drawProofResponseSchema.parse((await api('draw_proof', { id })).json()).data;
}

describe('draws', () => {
  it('every competition has a commitment from the start, and the seed stays secret until the draw', async () => {
    const c = await createCompetition(kit.pool, { total: 50 });
    await drawDue(kit.pool); // ensures commitments (the CLI's create makes one at once)
    const proof = await proofOf(c.id);
    expect(proof).toMatchObject({ state: 'pending', seed: null, entry_count: null, entry_list_url: null });
    expect(proof.commitment).toMatch(/^[0-9a-f]{64}$/);
    expect((await entriesCsv(c.id)).statusCode).toBe(404);
  });

  it('the seeded drawn competitions are published with proofs the verify script accepts', async () => {
    const results = drawResultsResponseSchema.parse((await api('draw_results', {})).json());
    expect(results.total).toBeGreaterThanOrEqual(2);
    // The demo's two drawn competitions have real entries and winners.
    expect(results.data.filter((r) => r.winner !== null).length).toBeGreaterThanOrEqual(2);
    for (const r of results.data) {
      const csv = await entriesCsv(r.competition_id);
      expect(csv.statusCode).toBe(200);
      expect(csv.headers['content-type']).toContain('text/csv');
      expect(sha256Hex(csv.rawPayload)).toBe(r.proof.entry_list_sha256);
      const checked = verifyDraw({ csv: csv.body, seed: r.proof.seed, commitment: r.proof.commitment, entryListSha256: r.proof.entry_list_sha256, winner: r.winning_ticket_number });
      expect(checked.failures).toEqual([]);
    }
  });

  it('draws at the draw time among paid and postal entries (unsold: among those sold), once, publishes the proof and mails the winner', async () => {
    const c = await createCompetition(kit.pool, { total: 1000, maxPerUser: 10 });
    const a = await buy(c.productId, 3);
    const b = await buy(c.productId, 2);
    const postal = await recordPostalEntry(kit.pool, { competitionId: c.id, fullName: 'Priya Shah', email: 'priya@example.com', town: 'Leeds', recordedBy: 'test', dateOfBirth: '1990-04-23', now: new Date() });
    const tickets = [...a.numbers, ...b.numbers, postal.ticketNumber].sort((x, y) => x - y);

    expect((await drawDue(kit.pool)).map((d) => d.competitionId)).not.toContain(c.id); // not due yet
    await makeDue(c.id);
    const done = await drawDue(kit.pool);
    const mine = done.find((d) => d.competitionId === c.id)!;
    expect(mine.entryCount).toBe(6);
    expect(tickets).toContain(mine.winningTicket);
    expect(await drawDue(kit.pool)).toEqual([]); // nothing left: drawn once

    const proof = await proofOf(c.id);
    expect(proof).toMatchObject({ state: 'drawn', entry_count: 6, winning_ticket_number: mine.winningTicket });
    const csv = await entriesCsv(c.id);
    expect(csv.body).toBe(`ticket_number,entry_type\n${tickets.map((t) => `${t},${t === postal.ticketNumber ? 'postal' : 'paid'}`).join('\n')}\n`);
    expect(csv.body).not.toMatch(/priya|jamie|@/i);
    expect(verifyDraw({ csv: csv.body, seed: proof.seed, commitment: proof.commitment, entryListSha256: proof.entry_list_sha256, winner: proof.winning_ticket_number }).failures).toEqual([]);

    const results = drawResultsResponseSchema.parse((await api('draw_results', { limit: 100 })).json());
    const row = results.data.find((r) => r.competition_id === c.id)!;
    const postalWon = mine.winningTicket === postal.ticketNumber;
    // First name, surname initial and county (advertising code 8.28.5): a postal entry gives no county.
    expect(row.winner).toEqual(postalWon ? { first_name: 'Priya', surname: 'S.', county: '' } : { first_name: 'Jamie', surname: 'T.', county: 'Greater Manchester' });
    const mail = await kit.pool.query('SELECT to_address, subject FROM email_outbox WHERE subject = $1', ['You won: Test Competition']);
    expect(mail.rows.length).toBeGreaterThanOrEqual(1);

    const winners = winnersListResponseSchema.parse((await api('winners_list', { page: 1, limit: 5 })).json());
    expect(winners.data[0]).toMatchObject({ kind: 'draw', competition_id: c.id, ticket_number: mine.winningTicket });
    const summary = winnersSummaryResponseSchema.parse((await kit.app.inject({ method: 'GET', url: '/?rest_route=/api/v1/get_realtime_winners_prize_value' })).json());
    expect(summary.totalWinner).toBe(winners.total);
  });

  it('a drawn competition is not purchasable: adding is refused, and a sale already past its checks sells nothing', async () => {
    const c = await createCompetition(kit.pool, { total: 100 });
    const first = await buy(c.productId, 1);
    // Someone had it in their basket before the draw.
    const later = await createCustomer(kit.pool);
    const state: StoreClientState = { bearer: later.token };
    await storeInject(kit.app, state, 'GET', '/cart');
    expect((await storeInject(kit.app, state, 'POST', '/cart/add-item', { id: c.productId, quantity: 1 })).status).toBe(200);
    await makeDue(c.id);
    await drawDue(kit.pool);
    expect((await proofOf(c.id)).winning_ticket_number).toBe(first.numbers[0]);

    const other: StoreClientState = { bearer: (await createCustomer(kit.pool)).token };
    await storeInject(kit.app, other, 'GET', '/cart');
    const add = await storeInject(kit.app, other, 'POST', '/cart/add-item', { id: c.productId, quantity: 1 });
    expect(add.status).toBe(400);
    expect(add.body.code).toBe(STORE_ERRORS.notPurchasable.code);
    const pay = await payCheckout(kit.app, state, { billing_address: billing, payment_method: 'cgg-card', payment_data: cardPayment() }, { 'idempotency-key': randomUUID() });
    expect(pay.status).toBe(400);
    // The database refuses a sale on a drawn competition even to a caller that skipped the checks.
    const client = await kit.pool.connect();
    try {
      await client.query('BEGIN');
      expect(await guardedAllocator.record(client, { competitionId: c.id, count: 1, now: new Date() })).toBeNull();
    } finally {
      await client.query('ROLLBACK');
      client.release();
    }
    expect((await kit.pool.query('SELECT count(*)::int AS n FROM tickets WHERE competition_id = $1', [c.id])).rows[0].n).toBe(1);
  });

  it('with no entries it closes with no winner', async () => {
    const c = await createCompetition(kit.pool, { total: 100 });
    await makeDue(c.id);
    const done = (await drawDue(kit.pool)).find((d) => d.competitionId === c.id)!;
    expect(done).toMatchObject({ entryCount: 0, winningTicket: null });
    expect(await proofOf(c.id)).toMatchObject({ state: 'no_entries', entry_count: 0, winning_ticket_number: null });
    const status = await kit.pool.query('SELECT status FROM competitions WHERE id = $1', [c.id]);
    expect(status.rows[0].status).toBe('closed');
    const results = drawResultsResponseSchema.parse((await api('draw_results', { limit: 100 })).json());
    expect(results.data.find((r) => r.competition_id === c.id)).toMatchObject({ winner: null, winning_ticket_number: null });
  });

  it('the total can never drop below a ticket number already sold (the draw could pick a ticket the competition no longer has)', async () => {
    const c = await createCompetition(kit.pool, { total: 100 });
    await buy(c.productId, 3);
    const top = (await kit.pool.query<{ top: number }>('SELECT max(ticket_number) AS top FROM tickets WHERE competition_id = $1', [c.id])).rows[0]!.top;
    const lower = async (total: number) => updateCompetitionFromFile(kit.pool, c.id, { total_tickets: total }, new Date(), { staffId: null, actor: 'test' });
    if (top > 3) await expect(lower(top - 1)).rejects.toThrow(`total_tickets: ticket ${top} is already sold (numbers are taken at random), so there must be at least ${top} tickets`);
    expect((await kit.pool.query('SELECT total_tickets FROM competitions WHERE id = $1', [c.id])).rows[0].total_tickets).toBe(100);
    await lower(top);
    expect((await kit.pool.query('SELECT total_tickets FROM competitions WHERE id = $1', [c.id])).rows[0].total_tickets).toBe(top);
  });

  it('one due competition that fails to draw does not hold up the others: they are drawn, and the run then names it', async () => {
    const broken = await createCompetition(kit.pool, { total: 10 });
    const fine = await createCompetition(kit.pool, { total: 10 });
    await makeDue(broken.id);
    await makeDue(fine.id);
    // Any failure not foreseen (here a trigger standing in for it), on the one due first.
    await kit.pool.query(`UPDATE competitions SET draw_at = draw_at - interval '1 minute' WHERE id = $1`, [broken.id]);
    await kit.pool.query(`CREATE FUNCTION refuse_draw() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'disk on fire'; END $$`);
    await kit.pool.query(`CREATE TRIGGER refuse_draw BEFORE UPDATE ON competition_draws FOR EACH ROW WHEN (OLD.competition_id = ${broken.id}) EXECUTE FUNCTION refuse_draw()`);
    try {
      await expect(drawDue(kit.pool)).rejects.toThrow(new RegExp(`1 could not be: competition ${broken.id}: disk on fire`));
    } finally {
      await kit.pool.query('DROP TRIGGER refuse_draw ON competition_draws; DROP FUNCTION refuse_draw()');
    }
    expect(await proofOf(fine.id)).toMatchObject({ state: 'no_entries' });
    expect((await proofOf(broken.id)).state).not.toBe('no_entries');
    expect((await drawDue(kit.pool)).map((d) => d.competitionId)).toContain(broken.id);
  });

  it('live-draw competitions wait for the operator, who draws them by the same function, once', async () => {
    const c = await createCompetition(kit.pool, { total: 100 });
    await kit.pool.query(`UPDATE competitions SET live_draw = true, live_draw_info = 'Live at 8pm' WHERE id = $1`, [c.id]);
    await buy(c.productId, 2);
    const opts = { now: new Date(), drawnBy: 'cli:test', audit: { staffId: null, actor: 'cli:test' }, siteUrl: SITE, mailer: createMailer(kit.pool), ...quiet };
    await expect(drawOneNow(kit.pool, c.id, opts)).rejects.toThrow(/still taking entries/);
    await makeDue(c.id);
    expect((await drawDue(kit.pool)).map((d) => d.competitionId)).not.toContain(c.id);
    const done = await drawOneNow(kit.pool, c.id, opts);
    expect(done.entryCount).toBe(2);
    expect(await proofOf(c.id)).toMatchObject({ state: 'drawn', winning_ticket_number: done.winningTicket });
    await expect(drawOneNow(kit.pool, c.id, opts)).rejects.toBeInstanceOf(DrawRefused);
  });

  it('two schedulers racing on two pools (two "instances") draw each due competition exactly once', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 8; i++) {
      const c = await createCompetition(kit.pool, { total: 100 });
      for (let k = 0; k < 3; k++) await recordPostalEntry(kit.pool, { competitionId: c.id, fullName: `Entrant ${k}`, email: `e${i}-${k}@example.com`, recordedBy: 'test', dateOfBirth: '1990-04-23', now: new Date() });
      ids.push(c.id);
    }
    await kit.pool.query(`UPDATE competitions SET closing_at = now() - interval '2 minutes', draw_at = now() - interval '1 minute' WHERE id = ANY($1)`, [ids]);
    const a = createPool({ connectionString: kit.url, max: 3 });
    const b = createPool({ connectionString: kit.url, max: 3 });
    try {
      const [ra, rb] = await Promise.all([drawDue(a), drawDue(b)]);
      const drawn = [...ra, ...rb].map((d) => d.competitionId).filter((id) => ids.includes(id));
      expect(drawn.sort()).toEqual([...ids].sort());
      const wins = await kit.pool.query('SELECT competition_id, count(*)::int AS n FROM draw_wins WHERE competition_id = ANY($1) GROUP BY competition_id', [ids]);
      expect(wins.rows).toHaveLength(8);
      for (const w of wins.rows) expect(w.n).toBe(1);
      const legacy = await kit.pool.query(`SELECT count(*)::int AS n FROM winners WHERE kind = 'draw' AND competition_id = ANY($1)`, [ids]);
      expect(legacy.rows[0].n).toBe(8);
    } finally {
      await a.end();
      await b.end();
    }
  });
});

describe('free postal entries', () => {
  it('take a ticket from the same pool under the same per-person cap (paid and postal together)', async () => {
    const c = await createCompetition(kit.pool, { total: 100, maxPerUser: 3 });
    const { customer, numbers } = await buy(c.productId, 2);
    const entry = await recordPostalEntry(kit.pool, { competitionId: c.id, customerId: customer.id, recordedBy: 'test', dateOfBirth: '1990-04-23', now: new Date() });
    expect(numbers).not.toContain(entry.ticketNumber);
    await expect(recordPostalEntry(kit.pool, { competitionId: c.id, customerId: customer.id, recordedBy: 'test', dateOfBirth: '1990-04-23', now: new Date() })).rejects.toThrow(/already holds 3 of the 3/);
    // ...and the basket now sees the postal entry in the customer's holdings.
    const state: StoreClientState = { bearer: customer.token };
    await storeInject(kit.app, state, 'GET', '/cart');
    const add = await storeInject(kit.app, state, 'POST', '/cart/add-item', { id: c.productId, quantity: 1 });
    expect(add.body.code).toBe(STORE_ERRORS.maxPerUser.code);
    const sold = await kit.pool.query('SELECT tickets_sold FROM competitions WHERE id = $1', [c.id]);
    expect(sold.rows[0].tickets_sold).toBe(3);
  });

  it('follow the question rule: a wrong or missing answer is refused and nothing is written', async () => {
    const c = await createCompetition(kit.pool, { total: 100, question: true });
    const base = { competitionId: c.id, fullName: 'Sam Lee', email: 'sam.lee@example.com', recordedBy: 'test', dateOfBirth: '1990-04-23', now: new Date() };
    await expect(recordPostalEntry(kit.pool, base)).rejects.toThrow(/record the answer/);
    await expect(recordPostalEntry(kit.pool, { ...base, answer: String(c.wrongAnswer) })).rejects.toThrow(/not the correct answer/);
    await expect(recordPostalEntry(kit.pool, { ...base, answer: 'banana' })).rejects.toThrow(/not one of the answers/);
    expect((await kit.pool.query('SELECT count(*)::int AS n FROM postal_entries WHERE competition_id = $1', [c.id])).rows[0].n).toBe(0);
    expect((await kit.pool.query('SELECT tickets_sold FROM competitions WHERE id = $1', [c.id])).rows[0].tickets_sold).toBe(0);
    const ok = await recordPostalEntry(kit.pool, { ...base, answer: '4' });
    expect(ok.ticketNumber).toBeGreaterThan(0);
  });

  it('count when they arrived before the close: keyed in after it they are still entered until the draw, never after it', async () => {
    const c = await createCompetition(kit.pool, { total: 100 });
    await buy(c.productId, 1);
    await kit.pool.query(`UPDATE competitions SET created_at = now() - interval '1 day', closing_at = now() - interval '10 minutes', draw_at = now() - interval '1 minute' WHERE id = $1`, [c.id]);
    const now = new Date();
    const minutesAgo = (m: number) => new Date(now.getTime() - m * 60_000);
    const base = { competitionId: c.id, recordedBy: 'test', dateOfBirth: '1990-04-23', now };
    const inTime = await recordPostalEntry(kit.pool, { ...base, fullName: 'Early Bird', email: 'early.bird@example.com', receivedAt: minutesAgo(20) });
    await expect(recordPostalEntry(kit.pool, { ...base, fullName: 'Late Post', email: 'late.post@example.com', receivedAt: minutesAgo(5) })).rejects.toThrow(/^This entry arrived .+, after competition \d+ closed \(.+, London time\), so it is not entered\.$/);
    await expect(recordPostalEntry(kit.pool, { ...base, fullName: 'Time Traveller', email: 'time@example.com', receivedAt: new Date(now.getTime() + 60_000) })).rejects.toThrow(/cannot have arrived later than now/);
    await expect(recordPostalEntry(kit.pool, { ...base, fullName: 'Too Early', email: 'too.early@example.com', receivedAt: minutesAgo(2 * 24 * 60) })).rejects.toThrow(/^This entry arrived .+, before competition \d+ was set up \(.+, London time\): check the date it arrived\.$/);
    expect((await kit.pool.query('SELECT received_at, date_of_birth::text AS born FROM postal_entries WHERE id = $1', [inTime.entryId])).rows[0]).toEqual({ received_at: minutesAgo(20), born: '1990-04-23' });
    const done = (await drawDue(kit.pool)).find((d) => d.competitionId === c.id);
    expect(done?.entryCount).toBe(2);
    await expect(recordPostalEntry(kit.pool, { ...base, fullName: 'Too Slow', email: 'too.slow@example.com', receivedAt: minutesAgo(20) })).rejects.toThrow(/has been drawn/);
    expect((await kit.pool.query('SELECT count(*)::int AS n FROM postal_entries WHERE competition_id = $1', [c.id])).rows[0].n).toBe(1);
  });

  it('keyed in while the draw is made are in its entry list or refused, never half-applied', async () => {
    for (let round = 0; round < 6; round++) {
      const c = await createCompetition(kit.pool, { total: 50 });
      await buy(c.productId, 2);
      await kit.pool.query(`UPDATE competitions SET live_draw = true, created_at = now() - interval '1 day', closing_at = now() - interval '10 minutes', draw_at = now() WHERE id = $1`, [c.id]);
      const now = new Date();
      const opts = { now, drawnBy: 'cli:test', audit: { staffId: null, actor: 'cli:test' }, siteUrl: SITE, mailer: createMailer(kit.pool), ...quiet };
      const entry = { competitionId: c.id, fullName: 'Racing Post', email: `race${round}@example.com`, recordedBy: 'test', dateOfBirth: '1990-04-23', now, receivedAt: new Date(now.getTime() - 20 * 60_000) };
      const [drawn, postal] = await Promise.allSettled([drawOneNow(kit.pool, c.id, opts), recordPostalEntry(kit.pool, entry)]);
      expect(drawn.status).toBe('fulfilled');
      const { rows } = await kit.pool.query<{ entry_count: number; csv: string; sold: number; postal: number }>(
        `SELECT d.entry_count, d.entry_list_csv AS csv, c.tickets_sold AS sold, (SELECT count(*)::int FROM postal_entries WHERE competition_id = $1) AS postal
         FROM competition_draws d JOIN competitions c ON c.id = d.competition_id WHERE d.competition_id = $1`,
        [c.id],
      );
      const r = rows[0]!;
      if (postal.status === 'fulfilled') {
        expect([r.entry_count, r.sold, r.postal]).toEqual([3, 3, 1]);
        expect(r.csv).toContain(`\n${postal.value.ticketNumber},postal\n`);
      } else {
        expect(postal.reason).toBeInstanceOf(PostalEntryRefused);
        expect([r.entry_count, r.sold, r.postal]).toEqual([2, 2, 0]);
      }
    }
  });

  it('are refused for an entrant under 18 on the day the entry arrived, a date of birth that is not a date, or one that is not their account\'s', async () => {
    const c = await createCompetition(kit.pool, { total: 100 });
    await kit.pool.query(`UPDATE competitions SET created_at = now() - interval '1 week' WHERE id = $1`, [c.id]);
    const now = new Date();
    const receivedAt = new Date(now.getTime() - 2 * 86_400_000);
    const arrival = londonDateOf(receivedAt);
    const [y, m, d] = arrival.split('-').map(Number) as [number, number, number];
    // Turned 18 the day after the entry arrived: under 18 when it did. A day older: 18 on the day.
    const eighteenNextDay = new Date(Date.UTC(y - 18, m - 1, d + 1)).toISOString().slice(0, 10);
    const eighteenThatDay = new Date(Date.UTC(y - 18, m - 1, d)).toISOString().slice(0, 10);
    const base = { competitionId: c.id, fullName: 'Alex Young', email: 'alex.young@example.com', recordedBy: 'test', now, receivedAt };
    await expect(recordPostalEntry(kit.pool, { ...base, dateOfBirth: eighteenNextDay })).rejects.toThrow(/^Alex Young was under 18 when the entry arrived \(18 on .+\), so it is not valid and was not recorded\.$/);
    await expect(recordPostalEntry(kit.pool, { ...base, dateOfBirth: '23/04/1990' })).rejects.toThrow(/must be a real date, written as YYYY-MM-DD/);
    await expect(recordPostalEntry(kit.pool, { ...base, dateOfBirth: ' ' })).rejects.toThrow(/date of birth is required/);
    const customer = await createCustomer(kit.pool);
    await expect(recordPostalEntry(kit.pool, { competitionId: c.id, customerId: customer.id, recordedBy: 'test', now, dateOfBirth: '1990-04-24' }))
      .rejects.toThrow(`The date of birth on the entry (24 April 1990) is not the one on customer #${customer.id}'s account: check the entry with the entrant; it was not recorded.`);
    expect((await kit.pool.query('SELECT tickets_sold FROM competitions WHERE id = $1', [c.id])).rows[0].tickets_sold).toBe(0);
    const adult = await recordPostalEntry(kit.pool, { ...base, dateOfBirth: eighteenThatDay });
    expect((await kit.pool.query('SELECT date_of_birth::text AS born FROM postal_entries WHERE id = $1', [adult.entryId])).rows[0].born).toBe(eighteenThatDay);
  });

  it('are refused when the competition is sold out, closed, or the entrant gives no name or email', async () => {
    const full = await createCompetition(kit.pool, { total: 1 });
    await buy(full.productId, 1);
    const base = { fullName: 'Ann Other', email: 'ann@example.com', recordedBy: 'test', dateOfBirth: '1990-04-23', now: new Date() };
    await expect(recordPostalEntry(kit.pool, { ...base, competitionId: full.id })).rejects.toBeInstanceOf(PostalEntryRefused);
    const closed = await createCompetition(kit.pool, { closingAt: new Date(Date.now() - 60_000) });
    await expect(recordPostalEntry(kit.pool, { ...base, competitionId: closed.id })).rejects.toThrow(/arrived .*, after competition \d+ closed/);
    // Tickets switched off refuse an entry that arrived in time too, before or after the close.
    const off = await createCompetition(kit.pool, { disableTickets: true, closingAt: new Date(Date.now() - 60_000) });
    await kit.pool.query(`UPDATE competitions SET created_at = now() - interval '1 day' WHERE id = $1`, [off.id]);
    await expect(recordPostalEntry(kit.pool, { ...base, competitionId: off.id, receivedAt: new Date(Date.now() - 3_600_000) })).rejects.toThrow(/tickets are switched off/);
    const open = await createCompetition(kit.pool);
    const later = { ...base, competitionId: open.id, now: new Date() };
    await expect(recordPostalEntry(kit.pool, { ...later, email: 'nope' })).rejects.toThrow(/valid email/);
    await expect(recordPostalEntry(kit.pool, { ...later, fullName: ' ' })).rejects.toThrow(/name is required/);
    await expect(recordPostalEntry(kit.pool, { ...base, competitionId: 999_999 })).rejects.toThrow(/No competition/);
  });
});
