import { randomUUID } from 'node:crypto';
import { staffPostalWinsResponseSchema, staffSettlePostalWinResponseSchema, staffWinQueueResponseSchema, type StaffWin, type WinStatus } from '@cgg/contracts/staff';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../accounts/queryable.ts';
import { addDrawWin, address, bank, claim, instantWinner } from '../claims/claims-test-kit.ts';
import { remindWinner } from '../claims/win-reminders.ts';
import { postalWinsCommand } from '../cli/commands/postal-wins.ts';
import { recordPostalEntry } from '../draws/postal-entry.ts';
import { createMailer } from '../mail/mailer.ts';
import { createCompetition, createCustomer } from '../store/store-fixtures.ts';
import { storeTestApp } from '../store/store-test-kit.ts';
import { createStaff } from './staff-accounts.ts';
import { createStaffSession } from './staff-sessions.ts';

let app: FastifyInstance;
let pool: pg.Pool;
let base: string;
let close: () => Promise<void>;
let operator: string;
const OLU = 'Olu Operator <olu@cgg.test>';

beforeAll(async () => {
  const t = await storeTestApp();
  ({ app, pool, close } = t);
  base = await t.listen();
  const member = await inTransaction(pool, (client) =>
    createStaff(client, { email: 'olu@cgg.test', name: 'Olu Operator', role: 'operator', password: 'Staff!Pass-2026', by: { staffId: null, actor: 'test' }, now: new Date() }),
  );
  operator = await createStaffSession(pool, member.id, 'signed-in', new Date());
}, 60_000);
afterAll(() => close());

const staffPost = (name: string, payload: object) =>
  app.inject({ method: 'POST', url: `/?rest_route=/api/v1/staff/${name}`, headers: { 'content-type': 'application/json', authorization: `Bearer ${operator}` }, payload });

async function auditOf(subject: string) {
  return (await pool.query<{ action: string; actor: string; before: unknown; after: unknown }>('SELECT action, actor, before, after FROM staff_audit_log WHERE subject = $1 ORDER BY id', [subject])).rows;
}

/** Every page of the queue (the demo data has wins of its own): the status's wins. */
async function queue(status?: WinStatus): Promise<StaffWin[]> {
  const all: StaffWin[] = [];
  for (let page = 1; ; page++) {
    const res = await staffPost('win_queue', { page, ...(status ? { status } : {}) });
    expect(res.statusCode, res.body).toBe(200);
    const got = staffWinQueueResponseSchema.parse(res.json());
    all.push(...got.data);
    if (page >= got.total_pages) return all;
  }
}
const findWin = (wins: StaffWin[], kind: string, id: number) => wins.find((w) => w.win_kind === kind && w.win_id === id);

/** A free postal entry that wins an instant prize; with a fresh email, the entrant has no account. */
async function postalInstantWin(email = `postal-${randomUUID().slice(0, 8)}@example.org`) {
  const c = await createCompetition(pool, { total: 1, instantWinNumbers: [1] });
  const e = await recordPostalEntry(pool, { competitionId: c.id, fullName: 'Pat Postal', email, town: 'Leeds', recordedBy: 'test', dateOfBirth: '1990-04-23', now: new Date() });
  return { competitionId: c.id, entryId: e.entryId, winId: e.instantWins[0]!.win_id, email };
}

describe('the win queue', () => {
  it('shows wins awaiting a claim with who won and how long ago, and each claim in the issue\'s words, filtered by status', async () => {
    // Four instant wins ('£50 Cash #n': cash or credit) and the main draw's prize for one winner, a draw prize for another.
    const w = await instantWinner(pool, base, 4);
    const [credit, cash, waiting] = w.instantWinIds;
    const drawId = await addDrawWin(pool, w, { prize: 'Audi RS3 Sportback' });
    const other = await instantWinner(pool, base);
    const handedId = await addDrawWin(pool, other, { prize: 'Rolex Submariner' });
    await pool.query(`UPDATE instant_win_awards SET won_at = now() - interval '3 days' WHERE id = $1`, [waiting]);

    await claim(base, w.buyer.token, { win_kind: 'instant', win_id: credit!, choice: 'credit' });
    const cashClaim = await claim(base, w.buyer.token, { win_kind: 'instant', win_id: cash!, choice: 'cash', bank_details: bank });
    const sent = await claim(base, w.buyer.token, { win_kind: 'draw', win_id: drawId, choice: 'prize', delivery_address: address });
    const handed = await claim(base, other.buyer.token, { win_kind: 'draw', win_id: handedId, choice: 'prize', delivery_address: address });
    const postal = await postalInstantWin();

    let all = await queue();
    expect(findWin(all, 'instant', waiting!)).toMatchObject({
      status: 'awaiting_claim', days_since_win: 3, customer_id: w.buyer.customerId, postal_entry_id: null, claim: null, reminded_at: null, prize_title: '£50 Cash #3', prize_value: expect.any(String),
    });
    expect(findWin(all, 'instant', waiting!)!.winner_email).toBe((await pool.query('SELECT email FROM customers WHERE id = $1', [w.buyer.customerId])).rows[0].email);
    expect(findWin(all, 'instant', postal.winId)).toMatchObject({ status: 'awaiting_claim', customer_id: null, postal_entry_id: postal.entryId, winner_name: 'Pat Postal', winner_email: postal.email, days_since_win: 0 });
    expect(findWin(all, 'instant', credit!)).toMatchObject({ status: 'credited', claim: expect.objectContaining({ choice: 'credit', state: 'fulfilled' }) });
    expect(findWin(all, 'instant', cash!)).toMatchObject({ status: 'to_send', claim: expect.objectContaining({ id: cashClaim.id, choice: 'cash', pay_to: '****5678' }) });
    expect(findWin(all, 'draw', drawId)).toMatchObject({ status: 'to_send', claim: expect.objectContaining({ deliver_to: expect.stringContaining('Market Street') }) });

    // The existing steps move claims on; the queue names where each is now.
    for (const [id, state, tracking] of [[cashClaim.id, 'processing'], [cashClaim.id, 'fulfilled'], [sent.id, 'fulfilled', 'RM123456789GB'], [handed.id, 'fulfilled']] as const) {
      const moved = await staffPost('claim_state', { id, state, ...(tracking ? { tracking_reference: tracking } : {}) });
      expect(moved.statusCode, moved.body).toBe(200);
    }
    all = await queue();
    expect(findWin(all, 'instant', cash!)!.status).toBe('paid');
    expect(findWin(all, 'draw', drawId)).toMatchObject({ status: 'sent', claim: expect.objectContaining({ tracking_reference: 'RM123456789GB' }) });
    expect(findWin(all, 'draw', handedId)!.status).toBe('done');

    // Each filter holds only its own status, and the wins above are where they should be.
    const where: Record<WinStatus, Array<[string, number]>> = {
      awaiting_claim: [['instant', waiting!], ['instant', postal.winId]], to_send: [], sent: [['draw', drawId]], paid: [['instant', cash!]], credited: [['instant', credit!]], done: [['draw', handedId]],
    };
    for (const [status, wins] of Object.entries(where) as Array<[WinStatus, Array<[string, number]>]>) {
      const listed = await queue(status);
      expect(listed.every((x) => x.status === status), status).toBe(true);
      for (const [kind, id] of wins) expect(findWin(listed, kind, id), `${kind} ${id} in ${status}`).toBeTruthy();
    }
    expect(findWin(await queue('to_send'), 'instant', cash!)).toBeUndefined();
    const one = staffWinQueueResponseSchema.parse((await staffPost('win_queue', { win_kind: 'draw', win_id: drawId })).json());
    expect(one.data.map((x) => [x.win_kind, x.win_id, x.status])).toEqual([['draw', drawId, 'sent']]);
  });

  it('finds wins by part of the competition, the prize or the winner, wildcards taken literally', async () => {
    const w = await instantWinner(pool, base);
    const drawId = await addDrawWin(pool, w, { prize: 'Searchable Jet Ski 50%' });
    const email = (await pool.query<{ email: string }>('SELECT email FROM customers WHERE id = $1', [w.buyer.customerId])).rows[0]!.email;
    const search = async (text: string) => staffWinQueueResponseSchema.parse((await staffPost('win_queue', { search: text })).json()).data;
    expect((await search('jet ski')).map((x) => [x.win_kind, x.win_id])).toEqual([['draw', drawId]]);
    expect((await search('Ski 50%')).map((x) => x.win_id)).toEqual([drawId]);
    expect((await search('Ski 5_%')).length).toBe(0);
    expect((await search(email)).map((x) => x.win_kind)).toContain('draw');
  });

  it('refuses an unknown status, naming the field', async () => {
    const res = await staffPost('win_queue', { status: 'lost' });
    expect(res.statusCode).toBe(400);
    expect(res.json().data.params).toHaveProperty('status');
  });
});

describe('reminders to winners who have not claimed', () => {
  it('mails the winner once a day, refuses a second the same day, and records who sent it', async () => {
    const w = await instantWinner(pool, base, 2);
    const [id, claimed] = w.instantWinIds;
    const email = (await pool.query<{ email: string }>('SELECT email FROM customers WHERE id = $1', [w.buyer.customerId])).rows[0]!.email;
    const first = await staffPost('win_reminder', { win_kind: 'instant', win_id: id });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({ win_kind: 'instant', win_id: id, sent_to: email });
    const second = await staffPost('win_reminder', { win_kind: 'instant', win_id: id });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ code: 'cgg_reminder_sent_today' });
    expect(second.json().message).toMatch(new RegExp(`^A reminder for instant win ${id} was already sent today at \\d\\d:\\d\\d\\. One a day: try again tomorrow\\.$`));

    const mails = await pool.query<{ subject: string; text_body: string }>(`SELECT subject, text_body FROM email_outbox WHERE to_address = $1 AND subject LIKE 'Reminder:%'`, [email]);
    expect(mails.rows).toHaveLength(1);
    expect(mails.rows[0]!.text_body).toContain('/claim/prize');
    expect(await auditOf(`instant win #${id}`)).toEqual([{ action: 'win.remind', actor: OLU, before: null, after: { sent_to: email } }]);
    expect(findWin(await queue('awaiting_claim'), 'instant', id!)!.reminded_at).toBe(first.json().data.sent_at);

    await claim(base, w.buyer.token, { win_kind: 'instant', win_id: claimed!, choice: 'credit' });
    const done = await staffPost('win_reminder', { win_kind: 'instant', win_id: claimed });
    expect([done.statusCode, done.json().code]).toEqual([409, 'cgg_win_claimed']);
    const missing = await staffPost('win_reminder', { win_kind: 'reward', win_id: 999_999 });
    expect([missing.statusCode, missing.json().code]).toEqual([404, 'cgg_win_not_found']);
    expect(await auditOf(`instant win #${claimed}`)).toEqual([]);
  });

  it('tells a postal entrant without an account to contact the team, quoting the entry', async () => {
    const p = await postalInstantWin();
    expect((await staffPost('win_reminder', { win_kind: 'instant', win_id: p.winId })).statusCode).toBe(200);
    const mail = await pool.query<{ text_body: string }>(`SELECT text_body FROM email_outbox WHERE to_address = $1 AND subject LIKE 'Reminder:%'`, [p.email]);
    expect(mail.rows[0]!.text_body).toContain(`quoting postal entry #${p.entryId}`);
    expect(mail.rows[0]!.text_body).not.toContain('/claim/prize');
  });

  it('counts London days: one late in the evening and one after midnight both go, a second the same day does not', async () => {
    const w = await instantWinner(pool, base);
    const deps = { pool, mailer: createMailer(pool, undefined), siteUrl: 'http://localhost:3000' };
    const remind = (iso: string) => remindWinner(deps, { kind: 'instant', id: w.instantWinIds[0]!, at: new Date(iso), staffId: null, actor: 'test' });
    // 23:30 and 00:10 London time (BST, UTC+1), then 09:00 the same second day.
    expect(await remind('2026-06-01T22:30:00Z')).toMatchObject({ sent: true });
    expect(await remind('2026-06-01T23:10:00Z')).toMatchObject({ sent: true });
    expect(await remind('2026-06-02T08:00:00Z')).toEqual({ sent: false, why: 'already-today', sentAt: new Date('2026-06-01T23:10:00Z') });
  });
});

describe('postal-entry wins settled in the back office', () => {
  it('lists them as the CLI does, settles one with a note once, refuses a second, and records it', async () => {
    const p = await postalInstantWin();
    const open = staffPostalWinsResponseSchema.parse((await staffPost('postal_wins', { competition_id: p.competitionId, open: true })).json());
    expect(open.data).toEqual([expect.objectContaining({
      win_kind: 'instant', win_id: p.winId, postal_entry_id: p.entryId, full_name: 'Pat Postal', email: p.email, town: 'Leeds', customer_id: null, state: 'open', settled_by: null,
    })]);

    const blank = await staffPost('postal_win_settle', { win_kind: 'instant', win_id: p.winId, note: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().data.params.note).toContain('Say how the prize was handed over');
    const settled = await staffPost('postal_win_settle', { win_kind: 'instant', win_id: p.winId, note: 'Bank transfer of £50 on 3 May' });
    expect(settled.statusCode, settled.body).toBe(200);
    expect(staffSettlePostalWinResponseSchema.parse(settled.json()).data).toMatchObject({ state: 'settled', settled_by: OLU, settle_note: 'Bank transfer of £50 on 3 May' });
    const again = await staffPost('postal_win_settle', { win_kind: 'instant', win_id: p.winId, note: 'Posted a cheque' });
    expect([again.statusCode, again.json().code, again.json().message]).toEqual([409, 'cgg_win_settled', `The instant win ${p.winId} was already settled.`]);
    expect(await auditOf(`instant win #${p.winId}`)).toEqual([
      { action: 'postal-win.settle', actor: OLU, before: { claimed: false }, after: { claimed: true, settled_by: OLU, note: 'Bank transfer of £50 on 3 May' } },
    ]);
    const row = await pool.query('SELECT claimed, settled_by, settle_note FROM instant_win_awards WHERE id = $1', [p.winId]);
    expect(row.rows[0]).toEqual({ claimed: true, settled_by: OLU, settle_note: 'Bank transfer of £50 on 3 May' });

    // Done in the queue, gone from the open list, and the CLI reads the same.
    expect(findWin(await queue('done'), 'instant', p.winId)).toMatchObject({ settled: { by: OLU, note: 'Bank transfer of £50 on 3 May' } });
    expect(staffPostalWinsResponseSchema.parse((await staffPost('postal_wins', { competition_id: p.competitionId, open: true })).json()).data).toEqual([]);
    const lines: string[] = [];
    await postalWinsCommand.run(['--competition', String(p.competitionId)], { pool, out: (l) => lines.push(l) });
    expect(lines[0]).toMatch(new RegExp(`\\| settled by ${OLU}$`));
  });

  it('refuses a win whose entrant has an account (they claim online) and a win that is not a postal entry\'s, changing nothing', async () => {
    const customer = await createCustomer(pool, { first: 'Robin', last: 'Banks' });
    const email = (await pool.query<{ email: string }>('SELECT email FROM customers WHERE id = $1', [customer.id])).rows[0]!.email;
    const p = await postalInstantWin(email);
    const theirs = await staffPost('postal_win_settle', { win_kind: 'instant', win_id: p.winId, note: 'Handed over' });
    expect([theirs.statusCode, theirs.json().code]).toEqual([409, 'cgg_win_has_account']);
    expect(theirs.json().message).toContain(`belongs to customer #${customer.id}`);
    const paid = await instantWinner(pool, base);
    const notPostal = await staffPost('postal_win_settle', { win_kind: 'instant', win_id: paid.instantWinIds[0], note: 'Handed over' });
    expect([notPostal.statusCode, notPostal.json().code]).toEqual([404, 'cgg_win_not_found']);
    expect((await pool.query('SELECT count(*)::int AS n FROM instant_win_awards WHERE id = ANY($1) AND claimed', [[p.winId, paid.instantWinIds[0]]])).rows[0].n).toBe(0);
    expect(await auditOf(`instant win #${p.winId}`)).toEqual([]);
  });
});
