import { randomUUID } from 'node:crypto';
import { winnersListResponseSchema, winnersSummaryResponseSchema } from '@cgg/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { customerWins } from '../claims/customer-wins.ts';
import { notifyPostalEntryWins } from '../claims/win-notifications.ts';
import { postalWinsCommand } from '../cli/commands/postal-wins.ts';
import { createMailer } from '../mail/mailer.ts';
import { billing, cardPayment, createCompetition, createCustomer } from '../store/store-fixtures.ts';
import { guardedAllocator } from '../store/ticket-allocation.ts';
import { payCheckout, storeInject, storeTestApp, type StoreClientState } from '../store/store-test-kit.ts';
import { recordPostalEntry } from './postal-entry.ts';
import { drawOneNow } from './run-draw.ts';

/*
 * Free postal entries carry the same chances as paid tickets: an instant-win number
 * allocated to a postal entry wins its prize once, in the entry's transaction, and is
 * seen by the claim flow, the live feed (public name only), the winners list and the
 * summary; reward-win milestones count postal tickets and draw among the same entries
 * as the main draw.
 */

let kit: Awaited<ReturnType<typeof storeTestApp>>;
beforeAll(async () => {
  kit = await storeTestApp();
});
afterAll(async () => kit.close());

const SITE = 'http://localhost:3000';
const api = async (name: string, payload: object = {}, method: 'POST' | 'GET' = 'POST') =>
  kit.app.inject({ method, url: `/?rest_route=/api/v1/${name}`, headers: method === 'POST' ? { 'content-type': 'application/json' } : {}, payload: method === 'POST' ? payload : undefined });
const now = () => new Date();
let entrantSeq = 0;
const entrant = (name = 'Pat Postal') => ({ fullName: name, email: `postal${++entrantSeq}-${randomUUID().slice(0, 6)}@example.org`, town: 'Leeds', recordedBy: 'test', dateOfBirth: '1990-04-23' });

async function checkout(productId: number, quantity: number) {
  const customer = await createCustomer(kit.pool);
  const state: StoreClientState = { bearer: customer.token };
  await storeInject(kit.app, state, 'GET', '/cart');
  expect((await storeInject(kit.app, state, 'POST', '/cart/add-item', { id: productId, quantity })).status).toBe(200);
  const res = await payCheckout(kit.app, state, { billing_address: billing, payment_method: 'cgg-card', payment_data: cardPayment() }, { 'idempotency-key': randomUUID() });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { customer, orderId: res.body.order_id as number, numbers: res.body.extensions.cgg.tickets[0].ticket_numbers as number[] };
}

describe('postal entries and instant wins', () => {
  it('two postal entries and a checkout racing for the last instant-win numbers: each number awarded exactly once, to its holder', async () => {
    for (let round = 0; round < 3; round++) {
      const numbers = Array.from({ length: 10 }, (_, i) => i + 1);
      const c = await createCompetition(kit.pool, { total: 10, instantWinNumbers: numbers, maxPerUser: 10 });
      await checkout(c.productId, 7);
      const [a, b, paid] = await Promise.all([
        recordPostalEntry(kit.pool, { competitionId: c.id, ...entrant(), now: now() }),
        recordPostalEntry(kit.pool, { competitionId: c.id, ...entrant(), now: now() }),
        checkout(c.productId, 1),
      ]);
      expect(a.instantWins.map((w) => w.ticket_number)).toEqual([a.ticketNumber]);
      expect(b.instantWins.map((w) => w.ticket_number)).toEqual([b.ticketNumber]);
      const awards = await kit.pool.query<{ ticket_number: number; order_id: number | null; postal_entry_id: string | null }>(
        'SELECT ticket_number, order_id, postal_entry_id FROM instant_win_awards WHERE competition_id = $1 ORDER BY ticket_number', [c.id],
      );
      expect(awards.rows.map((r) => r.ticket_number)).toEqual(numbers);
      const byTicket = new Map(awards.rows.map((r) => [r.ticket_number, r]));
      expect(byTicket.get(a.ticketNumber)!.postal_entry_id).toBe(String(a.entryId));
      expect(byTicket.get(b.ticketNumber)!.postal_entry_id).toBe(String(b.entryId));
      expect(byTicket.get(paid.numbers[0]!)!.order_id).toBe(paid.orderId);
      const open = await kit.pool.query('SELECT count(*)::int AS n FROM instant_win_tickets WHERE competition_id = $1 AND won_at IS NULL', [c.id]);
      expect(open.rows[0].n).toBe(0);
      const feed = await kit.pool.query('SELECT count(*)::int AS n, count(DISTINCT award_id)::int AS d FROM instant_win_feed_outbox WHERE competition_id = $1', [c.id]);
      expect(feed.rows[0]).toEqual({ n: 10, d: 10 });
    }
  });

  it('the last number held by a sale that then fails: the postal entry waits for it and gets it, not "no tickets left"', async () => {
    const c = await createCompetition(kit.pool, { total: 1, maxPerUser: 10 });
    const holder = await kit.pool.connect();
    try {
      await holder.query('BEGIN');
      expect(await guardedAllocator.take(holder, { competitionId: c.id, count: 1, orderItemId: null, customerId: null, now: now() })).toEqual([1]);
      const entry = recordPostalEntry(kit.pool, { competitionId: c.id, ...entrant(), now: now() });
      await vi.waitFor(async () => {
        const { rows } = await kit.pool.query("SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND wait_event = 'transactionid' AND query LIKE '%FROM unsold_tickets%FOR KEY SHARE'");
        expect(rows).toHaveLength(1);
      }, { timeout: 15_000, interval: 20 });
      await holder.query('ROLLBACK');
      expect((await entry).ticketNumber).toBe(1);
    } finally {
      await holder.query('ROLLBACK');
      holder.release();
    }
  });

  it('paid and postal tickets come from one pool of numbers and win the same prize for the same number, through the same award', async () => {
    // Every number is an instant win with its own prize, so whichever number the pool hands
    // out, the prize it wins is known; paid and postal entries take turns.
    const numbers = Array.from({ length: 8 }, (_, i) => i + 1);
    const c = await createCompetition(kit.pool, { total: 8, instantWinNumbers: numbers, maxPerUser: 10 });
    const paidA = await checkout(c.productId, 2);
    const postalA = await recordPostalEntry(kit.pool, { competitionId: c.id, ...entrant(), now: now() });
    const paidB = await checkout(c.productId, 3);
    const postalB = await recordPostalEntry(kit.pool, { competitionId: c.id, ...entrant(), now: now() });
    const postalC = await recordPostalEntry(kit.pool, { competitionId: c.id, ...entrant(), now: now() });
    const held = [...paidA.numbers, postalA.ticketNumber, ...paidB.numbers, postalB.ticketNumber, postalC.ticketNumber];
    expect([...held].sort((x, y) => x - y)).toEqual(numbers);

    const prizeOf = new Map((await kit.pool.query<{ ticket_number: number; instant_win_prize_id: number }>(
      'SELECT ticket_number, instant_win_prize_id FROM instant_win_tickets WHERE competition_id = $1', [c.id],
    )).rows.map((r) => [r.ticket_number, r.instant_win_prize_id]));
    for (const postal of [postalA, postalB, postalC]) {
      expect(postal.instantWins).toEqual([{
        win_id: expect.any(Number), competition_id: c.id, ticket_number: postal.ticketNumber, prize_id: prizeOf.get(postal.ticketNumber),
        prize_title: `£50 Cash #${postal.ticketNumber}`, prize_value: '50.00', image: '',
      }]);
    }
    const awards = (await kit.pool.query<{ ticket_number: number; instant_win_prize_id: number; order_id: number | null; postal_entry_id: string | null; customer_id: number | null }>(
      'SELECT ticket_number, instant_win_prize_id, order_id, postal_entry_id, customer_id FROM instant_win_awards WHERE competition_id = $1 ORDER BY ticket_number', [c.id],
    )).rows;
    expect(awards.map((a) => a.ticket_number)).toEqual(numbers);
    for (const a of awards) {
      expect(a.instant_win_prize_id).toBe(prizeOf.get(a.ticket_number));
      const postal = [postalA, postalB, postalC].find((p) => p.ticketNumber === a.ticket_number);
      if (postal) expect([a.postal_entry_id, a.order_id]).toEqual([String(postal.entryId), null]);
      else expect(a.order_id).toBe(paidA.numbers.includes(a.ticket_number) ? paidA.orderId : paidB.orderId);
    }
    // Both kinds reach the public winners list the same way: one row per number, same prize.
    const list = winnersListResponseSchema.parse((await api('winners_list', { limit: 100 })).json()).data.filter((w) => w.competition_id === c.id);
    expect(list.map((w) => [w.kind, w.ticket_number, w.prize_title, w.prize_value]).sort((x, y) => (x[1] as number) - (y[1] as number)))
      .toEqual(numbers.map((n) => ['instant', n, `£50 Cash #${n}`, '50.00']));
  });

  it('an entrant without an account: the feed has the public name only; the winners list and summary show the win; the entrant is mailed once; the operator settles it', async () => {
    const c = await createCompetition(kit.pool, { total: 1, instantWinNumbers: [1], title: 'Postal Luck' });
    const summaryBefore = winnersSummaryResponseSchema.parse((await api('get_realtime_winners_prize_value', {}, 'GET')).json());
    const email = 'zebedee.quill@example.org';
    const e = await recordPostalEntry(kit.pool, { competitionId: c.id, fullName: ' Zebedee Arthur Quillfeather-Smythe ', email, town: 'Whitby', recordedBy: 'test', dateOfBirth: '1990-04-23', now: now() });
    expect(e.customerId).toBeNull();
    expect(e.instantWins).toHaveLength(1);

    const feed = await kit.pool.query('SELECT * FROM instant_win_feed_outbox WHERE competition_id = $1', [c.id]);
    expect(feed.rows).toHaveLength(1);
    expect(feed.rows[0].user_name).toBe('Zebedee Q.');
    const published = JSON.stringify(feed.rows[0]);
    expect(published).not.toContain('Quillfeather');
    expect(published).not.toContain('Arthur');
    expect(published).not.toContain('@');

    const list = winnersListResponseSchema.parse((await api('winners_list', { limit: 100 })).json());
    const row = list.data.find((w) => w.competition_id === c.id);
    expect(row).toMatchObject({ kind: 'instant', first_name: 'Zebedee', surname: 'Q.', county: '', ticket_number: 1, prize_value: '50.00' });
    expect(JSON.stringify(row)).not.toContain('Quillfeather');
    const summary = winnersSummaryResponseSchema.parse((await api('get_realtime_winners_prize_value', {}, 'GET')).json());
    expect(summary.totalWinner).toBe(summaryBefore.totalWinner + 1);

    const deps = { pool: kit.pool, mailer: createMailer(kit.pool, undefined), siteUrl: SITE };
    expect(await notifyPostalEntryWins(deps, { entryId: e.entryId, competitionId: c.id })).toBe(1);
    expect(await notifyPostalEntryWins(deps, { entryId: e.entryId, competitionId: c.id })).toBe(0);
    const mail = await kit.pool.query('SELECT subject, text_body FROM email_outbox WHERE to_address = $1', [email]);
    expect(mail.rows).toHaveLength(1);
    expect(mail.rows[0].subject).toBe('You won: £50 Cash #1');
    expect(mail.rows[0].text_body).toContain(`postal entry #${e.entryId}`);
    expect(mail.rows[0].text_body).not.toContain('/claim/prize');

    const lines: string[] = [];
    const ctx = { pool: kit.pool, out: (l: string) => lines.push(l) };
    expect(await postalWinsCommand.run(['--open', '--competition', String(c.id)], ctx)).toBe(0);
    const winId = e.instantWins[0]!.win_id;
    expect(lines.join('\n')).toContain(`instant:${winId}`);
    expect(lines.join('\n')).toContain(`Zebedee Arthur Quillfeather-Smythe <${email}>`);
    expect(lines.join('\n')).toContain('OPEN: no account');
    // How it was handed over is required, as in the back office (the contract's rule and words).
    await expect(postalWinsCommand.run(['--settle', `instant:${winId}`, '--by', 'amy'], ctx)).rejects.toThrow('--note: Say how the prize was handed over (e.g. bank transfer on 3 May, posted recorded).');
    await expect(postalWinsCommand.run(['--settle', `instant:${winId}`, '--note', 'x'.repeat(501)], ctx)).rejects.toThrow('--note: At most 500 characters.');
    expect(await postalWinsCommand.run(['--settle', `instant:${winId}`, '--note', ' Bank transfer on 3 May ', '--by', 'amy'], ctx)).toBe(0);
    expect(await postalWinsCommand.run(['--settle', `instant:${winId}`, '--note', 'Again', '--by', 'bob'], ctx)).toBe(1);
    const settled = await kit.pool.query('SELECT claimed, settled_by, settle_note FROM instant_win_awards WHERE id = $1', [winId]);
    expect(settled.rows[0]).toEqual({ claimed: true, settled_by: 'amy', settle_note: 'Bank transfer on 3 May' });
    lines.length = 0;
    await postalWinsCommand.run(['--open', '--competition', String(c.id)], ctx);
    expect(lines).toEqual(['No postal-entry wins.']);
  });

  it('an entrant with an account (matched by email) claims the postal win online like any win', async () => {
    const customer = await createCustomer(kit.pool, { first: 'Robin', last: 'Banks' });
    const { rows } = await kit.pool.query<{ email: string }>('SELECT email FROM customers WHERE id = $1', [customer.id]);
    const c = await createCompetition(kit.pool, { total: 1, instantWinNumbers: [1] });
    const e = await recordPostalEntry(kit.pool, { competitionId: c.id, fullName: 'R. Banks', email: rows[0]!.email.toUpperCase(), recordedBy: 'test', dateOfBirth: '1990-04-23', now: now() });
    expect(e.customerId).toBe(customer.id);
    const wins = await customerWins(kit.pool, customer.id);
    expect(wins.map((w) => [w.win_kind, w.ticket_number, w.claimed])).toEqual([['instant', 1, false]]);
    const feed = await kit.pool.query('SELECT user_name FROM instant_win_feed_outbox WHERE competition_id = $1', [c.id]);
    expect(feed.rows[0].user_name).toBe('Robin B.');
    const lines: string[] = [];
    expect(await postalWinsCommand.run(['--settle', `instant:${wins[0]!.win_id}`, '--note', 'Handed over'], { pool: kit.pool, out: (l) => lines.push(l) })).toBe(1);
    expect(lines[0]).toContain('they claim it at /claim/prize');
  });

  it('an entrant whose account is on a break, or closed for good, is refused by post as at the checkout, and nothing is taken', async () => {
    const onBreak = await createCustomer(kit.pool, { first: 'Brea', last: 'King' });
    const until = new Date(now().getTime() + 7 * 86_400_000);
    await kit.pool.query('UPDATE customers SET locked_until = $2 WHERE id = $1', [onBreak.id, until]);
    const closed = await createCustomer(kit.pool, { first: 'Clo', last: 'Sed' });
    await kit.pool.query('UPDATE customers SET lock_permanent = true WHERE id = $1', [closed.id]);
    const c = await createCompetition(kit.pool, { total: 10 });
    const { rows } = await kit.pool.query<{ email: string }>('SELECT email FROM customers WHERE id = $1', [onBreak.id]);
    // Matched by email as by id: the same refusal.
    await expect(recordPostalEntry(kit.pool, { competitionId: c.id, fullName: 'B. King', email: rows[0]!.email, recordedBy: 'test', dateOfBirth: '1990-04-23', now: now() }))
      .rejects.toThrow(`B. King's account (customer #${onBreak.id}) is on a break from play until ${until.toISOString()}, so this entry is not recorded.`);
    await expect(recordPostalEntry(kit.pool, { competitionId: c.id, customerId: closed.id, recordedBy: 'test', dateOfBirth: '1990-04-23', now: now() }))
      .rejects.toThrow(`Clo Sed's account (customer #${closed.id}) is closed to play for good, so this entry is not recorded.`);
    const taken = await kit.pool.query('SELECT count(*)::int AS n FROM postal_entries WHERE competition_id = $1', [c.id]);
    expect(taken.rows[0].n).toBe(0);
  });
});

describe('postal entries and reward wins', () => {
  it('milestones count postal tickets; the winner is drawn among paid and postal entries alike', async () => {
    // 9 postal entries, then one paid ticket crosses 100%: 10 entries, 1 paid. Before postal
    // entries were counted as entries, the pick counted 10 tickets but could only find the
    // paid one (a crash 9 times in 10).
    for (let round = 0; round < 3; round++) {
      const c = await createCompetition(kit.pool, { total: 10, rewardPercentages: [50, 100] });
      const postal = [];
      for (let i = 0; i < 9; i++) postal.push(await recordPostalEntry(kit.pool, { competitionId: c.id, ...entrant(), now: now() }));
      // The 5th postal ticket crossed 50%: fired by the postal entry itself.
      expect(postal.map((p) => p.rewardWinsFired)).toEqual([0, 0, 0, 0, 1, 0, 0, 0, 0]);
      const paid = await checkout(c.productId, 1);
      const awards = await kit.pool.query<{ percentage: number; ticket_number: number; order_id: number | null; postal_entry_id: string | null }>(
        `SELECT r.percentage, a.ticket_number, a.order_id, a.postal_entry_id FROM reward_win_awards a JOIN reward_wins r ON r.id = a.reward_win_id
         WHERE a.competition_id = $1 ORDER BY r.percentage`, [c.id],
      );
      expect(awards.rows.map((r) => r.percentage)).toEqual([50, 100]);
      const first = awards.rows[0]!;
      // At 50% only the five postal tickets existed.
      expect(postal.slice(0, 5).map((p) => String(p.entryId))).toContain(first.postal_entry_id);
      for (const a of awards.rows) {
        expect((a.order_id === null) !== (a.postal_entry_id === null)).toBe(true);
        if (a.order_id !== null) expect([a.order_id, a.ticket_number]).toEqual([paid.orderId, paid.numbers[0]]);
        else expect(postal.find((p) => String(p.entryId) === a.postal_entry_id)!.ticketNumber).toBe(a.ticket_number);
      }
    }
  });
});

describe('postal entries and the main draw', () => {
  it('an account-less postal winner of the draw is told the team will contact them, not sent to /claim/prize; postal-wins lists it', async () => {
    const c = await createCompetition(kit.pool, { total: 1 });
    const e = await recordPostalEntry(kit.pool, { competitionId: c.id, fullName: 'Dora Draw', email: 'dora.draw@example.org', town: 'York', recordedBy: 'test', dateOfBirth: '1990-04-23', now: now() });
    await kit.pool.query(`UPDATE competitions SET closing_at = now() - interval '2 minutes', draw_at = now() - interval '1 minute' WHERE id = $1`, [c.id]);
    const done = await drawOneNow(kit.pool, c.id, { now: now(), drawnBy: 'test', audit: { staffId: null, actor: 'test' }, siteUrl: SITE, mailer: createMailer(kit.pool, undefined), log: () => {} });
    expect(done.winningTicket).toBe(e.ticketNumber);
    const mail = await kit.pool.query('SELECT text_body FROM email_outbox WHERE to_address = $1', ['dora.draw@example.org']);
    expect(mail.rows).toHaveLength(1);
    expect(mail.rows[0].text_body).toContain(`postal entry #${e.entryId}`);
    expect(mail.rows[0].text_body).not.toContain('/claim/prize');
    const lines: string[] = [];
    await postalWinsCommand.run(['--competition', String(c.id)], { pool: kit.pool, out: (l) => lines.push(l) });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^draw:\d+ .* Dora Draw <dora\.draw@example\.org>, York \| OPEN: no account/);
  });
});
