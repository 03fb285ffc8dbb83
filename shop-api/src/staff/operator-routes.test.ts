import { createHash, randomUUID } from 'node:crypto';
import { staffClaimsResponseSchema, staffCompetitionsResponseSchema, staffDashboardResponseSchema, staffEntriesResponseSchema, staffRunDrawResponseSchema } from '@cgg/contracts/staff';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../accounts/queryable.ts';
import { addDrawWin, address, claim, instantWinner } from '../claims/claims-test-kit.ts';
import { ensureCommitments } from '../draws/commitments.ts';
import { recordPostalEntry } from '../draws/postal-entry.ts';
import { entryBatches } from '../competitions/competition-entries.ts';
import { addToBasket, checkoutOnce, newBuyer } from '../store/race-harness.ts';
import { createCompetition } from '../store/store-fixtures.ts';
import { storeTestApp } from '../store/store-test-kit.ts';
import { createStaff } from './staff-accounts.ts';
import { createStaffSession } from './staff-sessions.ts';

let app: FastifyInstance;
let pool: pg.Pool;
let base: string;
let close: () => Promise<void>;
let operator: string;
let operatorId: number;

beforeAll(async () => {
  const t = await storeTestApp();
  ({ app, pool, close } = t);
  base = await t.listen();
  const member = await inTransaction(pool, (client) =>
    createStaff(client, { email: 'olu@cgg.test', name: 'Olu Operator', role: 'operator', password: 'Staff!Pass-2026', by: { staffId: null, actor: 'test' }, now: new Date() }),
  );
  operatorId = member.id;
  operator = await createStaffSession(pool, member.id, 'signed-in', new Date());
}, 60_000);
afterAll(() => close());

const staffPost = (name: string, payload: object) =>
  app.inject({ method: 'POST', url: `/?rest_route=/api/v1/staff/${name}`, headers: { 'content-type': 'application/json', authorization: `Bearer ${operator}` }, payload });

async function auditOf(subject: string) {
  return (await pool.query<{ action: string; actor: string; before: unknown; after: unknown }>('SELECT action, actor, before, after FROM staff_audit_log WHERE subject = $1 ORDER BY id', [subject])).rows;
}

/** A competition with 3 paid tickets (two buyers) and one postal entry; the first buyer's billing name is a spreadsheet formula. */
async function competitionWithEntries(title: string) {
  const c = await createCompetition(pool, { title, total: 20, maxPerUser: 10 });
  const orders: number[] = [];
  for (const quantity of [2, 1]) {
    const buyer = await newBuyer(pool, base);
    await addToBasket(base, buyer, c.productId, quantity);
    const out = await checkoutOnce(base, buyer);
    if (!out.ok) throw new Error(out.code);
    orders.push(out.order.order_id);
  }
  // What a customer could type as their billing name.
  await pool.query(`UPDATE orders SET billing_first_name = '=HYPERLINK("x")' WHERE id = $1`, [orders[0]]);
  const postal = await recordPostalEntry(pool, { competitionId: c.id, fullName: 'Pat Post', email: 'pat@example.co.uk', town: 'Leeds', recordedBy: 'test', dateOfBirth: '1990-04-23', now: new Date() });
  return { ...c, orders, postal };
}

describe('operator routes: competitions and their entries', () => {
  it('lists competitions by stage with their paid and postal entries', async () => {
    const c = await competitionWithEntries('Stage test Land Rover');
    // The scheduler commits to each competition's seed ahead of its draw.
    await ensureCommitments(pool, new Date());
    const open = staffCompetitionsResponseSchema.parse((await staffPost('competitions', { stage: 'open', search: 'stage test land' })).json());
    expect(open.data).toEqual([expect.objectContaining({ id: c.id, stage: 'open', paid_entries: 3, postal_entries: 1, total_tickets: 20, winning_ticket: null })]);
    expect(open.data[0]!.commitment).toMatch(/^[0-9a-f]{64}$/);
    await pool.query(`UPDATE competitions SET closing_at = now() - interval '1 minute' WHERE id = $1`, [c.id]);
    const closed = staffCompetitionsResponseSchema.parse((await staffPost('competitions', { stage: 'closed', search: 'Stage test' })).json());
    expect(closed.data.map((x) => x.id)).toEqual([c.id]);
    expect(staffCompetitionsResponseSchema.parse((await staffPost('competitions', { stage: 'open', search: 'Stage test' })).json()).total).toBe(0);
    expect(staffCompetitionsResponseSchema.parse((await staffPost('competitions', { id: c.id })).json()).data.map((x) => x.title)).toEqual(['Stage test Land Rover']);
  });

  it('pages and searches entries by ticket number, name, email or reference; an unknown competition is 404', async () => {
    const c = await competitionWithEntries('Entries test');
    const all = staffEntriesResponseSchema.parse((await staffPost('entries', { competition_id: c.id, limit: 2 })).json());
    expect(all).toMatchObject({ total: 4, total_pages: 2, page: 1 });
    expect(all.data.map((e) => e.ticket_number)).toEqual([...all.data.map((e) => e.ticket_number)].sort((a, b) => a - b));
    const postal = staffEntriesResponseSchema.parse((await staffPost('entries', { competition_id: c.id, search: 'pat@' })).json());
    expect(postal.data).toEqual([expect.objectContaining({ entry_type: 'postal', name: 'Pat Post', reference: `postal #${c.postal.entryId}`, ticket_number: c.postal.ticketNumber })]);
    const byTicket = staffEntriesResponseSchema.parse((await staffPost('entries', { competition_id: c.id, search: String(c.postal.ticketNumber) })).json());
    expect(byTicket.data.map((e) => e.ticket_number)).toContain(c.postal.ticketNumber);
    const byOrder = staffEntriesResponseSchema.parse((await staffPost('entries', { competition_id: c.id, search: `order #${c.orders[0]}` })).json());
    expect(byOrder.total).toBe(2);
    // LIKE's own characters are searched for as text.
    expect(staffEntriesResponseSchema.parse((await staffPost('entries', { competition_id: c.id, search: '%' })).json()).total).toBe(0);
    const missing = await staffPost('entries', { competition_id: 999_999 });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('cgg_competition_not_found');
  });

  it('exports every entry as a CSV download, formulas defused, and records who exported it', async () => {
    const c = await competitionWithEntries('CSV test');
    const res = await app.inject({ method: 'GET', url: `/?rest_route=/api/v1/staff/entries_csv&competition_id=${c.id}`, headers: { authorization: `Bearer ${operator}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="competition-${c.id}-entries.csv"`);
    const lines = res.body.trimEnd().split('\n');
    expect(lines[0]).toBe('ticket_number,entry_type,name,email,reference,created_at,received_at');
    expect(lines).toHaveLength(5);
    expect(lines.filter((l) => l.includes(`order #${c.orders[0]}`))[0]).toContain(`"'=HYPERLINK(""x"") Taylor"`);
    // A postal entry shows when it arrived (a paid ticket leaves the cell empty).
    const postalLine = lines.find((l) => l.startsWith(`${c.postal.ticketNumber},postal,Pat Post,pat@example.co.uk,postal #${c.postal.entryId},`));
    expect(postalLine?.split(',').at(-1)).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(lines.find((l) => l.includes(`order #${c.orders[0]}`))?.endsWith(',')).toBe(true);
    expect(await auditOf(`competition #${c.id}`)).toEqual([{ action: 'entries.export', actor: 'Olu Operator <olu@cgg.test>', before: null, after: { format: 'csv' } }]);
    const bad = await app.inject({ method: 'GET', url: '/?rest_route=/api/v1/staff/entries_csv&competition_id=abc', headers: { authorization: `Bearer ${operator}` } });
    expect(bad.statusCode).toBe(400);
  });
});

describe('entry batches', () => {
  it('reads every entry that counts in ticket order, across batches, skipping a batch whose orders no longer count', async () => {
    const c = await competitionWithEntries('Batch test');
    const before: number[] = [];
    for await (const rows of entryBatches(pool, c.id, 1)) before.push(...rows.map((r) => r.ticket_number));
    expect(before).toHaveLength(4);
    expect(before).toEqual([...before].sort((a, b) => a - b));
    // A cancelled order's tickets are not entries, wherever they fall.
    await pool.query(`UPDATE orders SET status = 'cancelled' WHERE id = $1`, [c.orders[0]]);
    const after: number[] = [];
    for await (const rows of entryBatches(pool, c.id, 1)) after.push(...rows.map((r) => r.ticket_number));
    expect(after).toHaveLength(2);
    expect(after.every((n) => before.includes(n))).toBe(true);
  });
});

describe('operator routes: the dashboard', () => {
  it("counts today's and this week's sales and free entries, per day and per competition", async () => {
    const read = async () => staffDashboardResponseSchema.parse((await staffPost('dashboard', {})).json()).data;
    const before = await read();
    const c = await competitionWithEntries('Dashboard test');
    const after = await read();
    expect(after.today.orders - before.today.orders).toBe(2);
    expect(after.today.paid_tickets - before.today.paid_tickets).toBe(3);
    expect(after.today.postal_entries - before.today.postal_entries).toBe(1);
    expect(Number(after.today.revenue) - Number(before.today.revenue)).toBeCloseTo(3);
    expect(after.this_week.paid_tickets).toBeGreaterThanOrEqual(after.today.paid_tickets);
    expect(after.daily).toHaveLength(14);
    expect(after.daily.at(-1)!.paid_tickets).toBe(after.today.paid_tickets);
    expect(after.by_competition).toContainEqual({ competition_id: c.id, title: 'Dashboard test', revenue: '3.00', paid_tickets: 3 });
    await pool.query(`UPDATE competitions SET closing_at = now() + interval '1 hour' WHERE id = $1`, [c.id]);
    expect((await read()).closing_soon.map((x) => x.competition_id)).toContain(c.id);
  });
});

describe('operator routes: live draws', () => {
  it('refuses while entries are open, then draws once with the seed that matches the commitment, audited', async () => {
    const c = await competitionWithEntries('Draw test');
    const early = await staffPost('run_draw', { competition_id: c.id });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: 'cgg_draw_refused', message: expect.stringMatching(/still taking entries/) });
    await pool.query(`UPDATE competitions SET closing_at = now() - interval '1 minute' WHERE id = $1`, [c.id]);
    const drawn = staffRunDrawResponseSchema.parse((await staffPost('run_draw', { competition_id: c.id })).json()).data;
    expect(drawn).toMatchObject({ competition_id: c.id, entry_count: 4, verify_url: '/draw/results', entry_list_url: `/?rest_route=/api/v1/draw_entries&id=${c.id}` });
    expect(createHash('sha256').update(Buffer.from(drawn.seed, 'hex')).digest('hex')).toBe(drawn.commitment);
    expect(drawn.winning_ticket).not.toBeNull();
    const again = await staffPost('run_draw', { competition_id: c.id });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/already drawn/);
    expect(await auditOf(`competition #${c.id}`)).toEqual([{ action: 'draw.run', actor: 'Olu Operator <olu@cgg.test>', before: null, after: { entry_count: 4, winning_ticket: drawn.winning_ticket } }]);
    const row = (await pool.query<{ drawn_by: string }>('SELECT drawn_by FROM competition_draws WHERE competition_id = $1', [c.id])).rows[0]!;
    expect(row.drawn_by).toBe('staff:olu@cgg.test');
  });
});

describe('operator routes: postal entries', () => {
  it('records a batch line by line: valid ones get tickets (instant wins as paid ones), a refused line changes nothing, all audited', async () => {
    const c = await createCompetition(pool, { title: 'Postal batch', total: 10, maxPerUser: 1, instantWinNumbers: Array.from({ length: 10 }, (_, i) => i + 1) });
    const sold = async () => (await pool.query<{ n: number }>('SELECT tickets_sold AS n FROM competitions WHERE id = $1', [c.id])).rows[0]!.n;
    const res = await staffPost('postal_entries', {
      competition_id: c.id,
      entries: [
        { full_name: 'Pat Post', email: 'pat@example.co.uk', town: 'Leeds', date_of_birth: '1990-04-23' },
        { full_name: 'Pat Post', email: 'PAT@example.co.uk', date_of_birth: '1990-04-23' },
        { full_name: 'Quinn Post', email: 'quinn@example.co.uk', date_of_birth: '1990-04-23' },
      ],
    });
    expect(res.statusCode).toBe(200);
    const lines = res.json().data as Array<{ line: number; recorded: boolean; ticket_number: number | null; instant_wins: string[]; message: string | null }>;
    expect(lines.map((l) => [l.line, l.recorded])).toEqual([[1, true], [2, false], [3, true]]);
    expect(lines[0]!.instant_wins).toEqual([`£50 Cash #${lines[0]!.ticket_number}`]);
    expect(lines[1]!.message).toMatch(/already holds 1 of the 1 tickets/);
    expect(await sold()).toBe(2);
    // A line that is not an entry at all refuses the whole request: nothing recorded.
    const bad = await staffPost('postal_entries', { competition_id: c.id, entries: [{ full_name: 'Ray Post', email: 'ray@example.co.uk', date_of_birth: '1990-04-23' }, { full_name: 'No Email', email: 'not-an-email', date_of_birth: '1990-04-23' }] });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json().data.params)).toContain('A valid email address is required, to tell the entrant if they win.');
    expect(await sold()).toBe(2);
    const audited = await auditOf(`competition #${c.id}`);
    expect(audited.map((a) => [a.action, (a.after as { name: string }).name])).toEqual([['postal.entry', 'Pat Post'], ['postal.entry', 'Quinn Post']]);
    const empty = await staffPost('postal_entries', { competition_id: c.id, entries: [] });
    expect(empty.statusCode).toBe(400);
  });
});

describe('operator routes: postal entries that arrived before the close', () => {
  const londonWall = async (d: Date) => (await pool.query<{ w: string }>(`SELECT to_char($1::timestamptz AT TIME ZONE 'Europe/London', 'YYYY-MM-DD HH24:MI') AS w`, [d])).rows[0]!.w;

  it('records them after the close (received, London time) until the draw, refuses those that arrived after, and asks each line for a date of birth', async () => {
    const c = await createCompetition(pool, { title: 'Postal after close', total: 10, maxPerUser: 5 });
    const closedAt = new Date(Date.now() - 30 * 60_000);
    await pool.query(`UPDATE competitions SET created_at = $2::timestamptz - interval '1 day', closing_at = $2, draw_at = $2::timestamptz + interval '1 hour' WHERE id = $1`, [c.id, closedAt]);
    const entry = (name: string, date_of_birth = '1990-04-23') => ({ full_name: name, email: `${name.toLowerCase().replace(' ', '.')}@example.co.uk`, date_of_birth });
    const before = await staffPost('postal_entries', { competition_id: c.id, received: await londonWall(new Date(closedAt.getTime() - 15 * 60_000)), entries: [entry('Early Post'), entry('Young Post', '2015-01-01')] });
    expect(before.statusCode).toBe(200);
    expect(before.json().data.map((l: { recorded: boolean; message: string | null }) => [l.recorded, l.message])).toEqual([
      [true, null],
      [false, expect.stringMatching(/^Young Post was under 18 when the entry arrived \(18 on 1 January 2033\), so it is not valid and was not recorded\.$/)],
    ]);
    const after = await staffPost('postal_entries', { competition_id: c.id, received: await londonWall(new Date(closedAt.getTime() + 60_000)), entries: [entry('Late Post')] });
    expect(after.json().data[0]).toMatchObject({ recorded: false, message: expect.stringMatching(new RegExp(`^This entry arrived .+, after competition ${c.id} closed \\(.+, London time\\), so it is not entered\\.$`)) });
    // Left out, `received` is now: after this close.
    expect((await staffPost('postal_entries', { competition_id: c.id, entries: [entry('Now Post')] })).json().data[0]).toMatchObject({ recorded: false });
    const noBirth = await staffPost('postal_entries', { competition_id: c.id, entries: [{ full_name: 'No Birth', email: 'nobirth@example.co.uk' }] });
    expect(noBirth.statusCode).toBe(400);
    expect(JSON.stringify(noBirth.json().data.params)).toContain('The entrant\'s date of birth is required: the postal route asks for it.');
    const badWhen = await staffPost('postal_entries', { competition_id: c.id, received: '29/11/2026 09:00', entries: [entry('Odd Date')] });
    expect(badWhen.statusCode).toBe(400);
    expect(JSON.stringify(badWhen.json().data.params)).toContain('When the entries arrived must be London time');
    const { rows } = await pool.query('SELECT full_name, date_of_birth::text AS born, received_at FROM postal_entries WHERE competition_id = $1', [c.id]);
    expect(rows).toEqual([{ full_name: 'Early Post', born: '1990-04-23', received_at: expect.any(Date) }]);
    expect(Math.abs(rows[0].received_at.getTime() - (closedAt.getTime() - 15 * 60_000))).toBeLessThan(60_000);
  });
});

describe('operator routes: postal entries sent again', () => {
  type Line = { line: number; recorded: boolean; ticket_number: number | null; instant_wins: string[]; message: string | null };
  const lines = (res: { json: () => unknown }) => (res.json() as { data: Line[] }).data;

  it('a batch sent again under its key (twice at once, then after a lost answer) records, allocates and mails each line once', async () => {
    const c = await createCompetition(pool, { title: 'Postal retry', total: 10, maxPerUser: 5, instantWinNumbers: Array.from({ length: 10 }, (_, i) => i + 1) });
    const counts = async () => (await pool.query<{ sold: number; entries: number; wins: number; mails: number; audited: number }>(
      `SELECT (SELECT tickets_sold FROM competitions WHERE id = $1) AS sold,
         (SELECT count(*)::int FROM postal_entries WHERE competition_id = $1) AS entries,
         (SELECT count(*)::int FROM instant_win_awards WHERE competition_id = $1) AS wins,
         (SELECT count(*)::int FROM email_outbox WHERE text_body LIKE '%Postal retry%') AS mails,
         (SELECT count(*)::int FROM staff_audit_log WHERE subject = 'competition #' || $1 AND action = 'postal.entry') AS audited`,
      [c.id],
    )).rows[0]!;
    const key = randomUUID();
    const batch = { competition_id: c.id, idempotency_key: key, entries: [{ full_name: 'Pat Post', email: 'pat@example.co.uk', date_of_birth: '1990-04-23' }, { full_name: 'Quinn Post', email: 'quinn@example.co.uk', date_of_birth: '1990-04-23' }] };
    const [first, twin] = await Promise.all([staffPost('postal_entries', batch), staffPost('postal_entries', batch)]);
    expect([first.statusCode, twin.statusCode]).toEqual([200, 200]);
    expect(lines(twin)).toEqual(lines(first));
    expect(lines(first).map((l) => [l.recorded, l.instant_wins])).toEqual([[true, [`£50 Cash #${lines(first)[0]!.ticket_number}`]], [true, [`£50 Cash #${lines(first)[1]!.ticket_number}`]]]);
    expect(await counts()).toEqual({ sold: 2, entries: 2, wins: 2, mails: 2, audited: 2 });
    // The first answer was lost while a third line was still to come: sent again, only that line is recorded.
    const again = await staffPost('postal_entries', { ...batch, entries: [...batch.entries, { full_name: 'Ray Post', email: 'ray@example.co.uk', date_of_birth: '1990-04-23' }] });
    expect(lines(again).slice(0, 2)).toEqual(lines(first));
    expect(lines(again)[2]).toMatchObject({ line: 3, recorded: true });
    expect(await counts()).toEqual({ sold: 3, entries: 3, wins: 3, mails: 3, audited: 3 });
    // Sent again with a line dropped and the others reordered (a mended batch): each entrant's entry is found, not made again.
    const mended = await staffPost('postal_entries', { ...batch, entries: [{ full_name: 'Ray Post', email: 'RAY@example.co.uk', date_of_birth: '1990-04-23' }, batch.entries[0]] });
    expect(lines(mended).map((l) => [l.recorded, l.ticket_number])).toEqual([[true, lines(again)[2]!.ticket_number], [true, lines(first)[0]!.ticket_number]]);
    expect(await counts()).toEqual({ sold: 3, entries: 3, wins: 3, mails: 3, audited: 3 });
    // The key for another competition is refused on each line, and changes nothing.
    const elsewhere = await createCompetition(pool, { title: 'Postal retry elsewhere', total: 10, maxPerUser: 5 });
    const reused = await staffPost('postal_entries', { ...batch, competition_id: elsewhere.id });
    expect(lines(reused).map((l) => [l.recorded, l.message])).toEqual([
      [false, "This entry's key was used for another entry; record it again as a new one."],
      [false, "This entry's key was used for another entry; record it again as a new one."],
    ]);
    // Without a key (a back office built before keys), each request is new entries, as before.
    expect(lines(await staffPost('postal_entries', { competition_id: c.id, entries: [batch.entries[0]] }))[0]).toMatchObject({ recorded: true });
    expect(await counts()).toEqual({ sold: 4, entries: 4, wins: 4, mails: 4, audited: 4 });
  });
});

describe('operator routes: the fulfilment queue', () => {
  it('lists claims with what to send where, moves them forward once (two at once: one wins), never back', async () => {
    const w = await instantWinner(pool, base);
    const made = await claim(base, w.buyer.token, { win_kind: 'draw', win_id: await addDrawWin(pool, w), choice: 'prize', delivery_address: address });
    const queue = staffClaimsResponseSchema.parse((await staffPost('claims', { state: 'received' })).json());
    const mine = queue.data.find((q) => q.id === made.id)!;
    expect(mine).toMatchObject({ state: 'received', choice: 'prize', pay_to: null, deliver_to: expect.stringContaining('12, Market Street, Manchester') });

    const [a, b] = await Promise.all([staffPost('claim_state', { id: mine.id, state: 'processing' }), staffPost('claim_state', { id: mine.id, state: 'processing' })]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const early = await staffPost('claim_state', { id: mine.id, state: 'processing', tracking_reference: 'RM123456789GB' });
    expect(early.statusCode).toBe(400);
    const sent = await staffPost('claim_state', { id: mine.id, state: 'fulfilled', tracking_reference: ' RM123456789GB ' });
    expect(sent.json().data).toMatchObject({ state: 'fulfilled', tracking_reference: 'RM123456789GB' });
    // The winner reads it in their account.
    const theirs = await app.inject({ method: 'POST', url: '/?rest_route=/api/v1/get_claims', headers: { 'content-type': 'application/json' }, payload: { token: w.buyer.token } });
    expect(theirs.json().data.find((k: { id: number }) => k.id === mine.id)).toMatchObject({ state: 'fulfilled', tracking_reference: 'RM123456789GB' });
    const back = await staffPost('claim_state', { id: mine.id, state: 'processing' });
    expect(back.statusCode).toBe(409);
    expect(back.json().message).toBe(`Claim ${mine.id} is already fulfilled.`);
    expect((await staffPost('claim_state', { id: 999_999, state: 'processing' })).statusCode).toBe(404);
    expect(await auditOf(`claim #${mine.id}`)).toEqual([
      { action: 'claim.state', actor: 'Olu Operator <olu@cgg.test>', before: { state: 'received' }, after: { state: 'processing' } },
      { action: 'claim.state', actor: 'Olu Operator <olu@cgg.test>', before: { state: 'processing' }, after: { state: 'fulfilled', tracking_reference: 'RM123456789GB' } },
    ]);
    expect((await pool.query('SELECT 1 FROM staff_audit_log WHERE staff_id = $1', [operatorId])).rowCount).toBeGreaterThanOrEqual(2);
  });
});
