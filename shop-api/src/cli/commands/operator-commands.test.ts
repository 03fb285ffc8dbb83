import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp } from '../../test/test-database.ts';
import { UsageError, type Command } from '../command.ts';
import { competitionCreateCommand } from './competition-create.ts';
import { competitionUpdateCommand } from './competition-update.ts';
import { couponCreateCommand } from './coupon-create.ts';
import { creditAdjustCommand } from './credit-adjust.ts';
import { drawCommand } from './draw.ts';
import { entriesCommand } from './entries.ts';
import { pointsAdjustCommand } from './points-adjust.ts';
import { customerBreakCommand } from './customer-break.ts';
import { createCustomer } from '../../store/store-fixtures.ts';
import { postalEntryCommand } from './postal-entry.ts';
import { claimsCommand } from './claims.ts';
import { claimStateCommand } from './claim-state.ts';
import { postalWinsCommand } from './postal-wins.ts';
import { refundOrderCommand } from './refund-order.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const dir = mkdtempSync(path.join(tmpdir(), 'cgg-cli-'));
const file = (name: string, value: unknown): string => {
  const p = path.join(dir, name);
  writeFileSync(p, typeof value === 'string' ? value : JSON.stringify(value));
  return p;
};

/** Runs a command as main.ts does (a usage error is exit code 2) and keeps its output. */
async function run(command: Command, args: string[]): Promise<{ code: number; text: string }> {
  const lines: string[] = [];
  try {
    const code = await command.run(args, { pool: t.pool, out: (l) => lines.push(l), siteUrl: 'http://localhost:3000' });
    return { code, text: lines.join('\n') };
  } catch (err) {
    if (err instanceof UsageError) return { code: 2, text: err.message };
    throw err;
  }
}

const count = async (sql: string, params: unknown[] = []): Promise<number> => (await t.pool.query<{ n: number }>(sql, params)).rows[0]!.n;

const valid = {
  title: 'Audi RS3 Sportback',
  category: 'cars',
  description: 'A 400 hp hot hatch.',
  image: '/wp-content/uploads/competitions/audi.svg',
  price_per_ticket: '1.49',
  total_tickets: 200,
  max_ticket_per_user: 5,
  closing: '2030-01-10 19:00',
  draw: '2030-01-10 20:00',
  prize_value: '45000.00',
  question: { text: 'How many wheels does a car have?', options: ['3', '4', '5'], correct: 1 },
};

describe('operator CLI', () => {
  let id = 0;

  it('competition-create makes the competition, its question and its commitment; a bad file names each field and creates nothing', async () => {
    const before = await count('SELECT count(*)::int AS n FROM competitions');
    const bad = await run(competitionCreateCommand, ['--file', file('bad.json', { ...valid, price_per_ticket: '1.5', total_tickets: 0, category: 'Cars!', extra: 1 })]);
    expect(bad.code).toBe(1);
    expect(bad.text).toContain('price_per_ticket: must be pounds with 2 decimals');
    expect(bad.text).toContain('total_tickets:');
    expect(bad.text).toContain('category: must be a category slug');
    expect(bad.text).toMatch(/extra/);
    const order = await run(competitionCreateCommand, ['--file', file('order.json', { ...valid, closing: '2030-01-11 19:00' })]);
    expect(order.text).toContain('closing: must not be after draw');
    const unknownCategory = await run(competitionCreateCommand, ['--file', file('cat.json', { ...valid, category: 'boats' })]);
    expect(unknownCategory.text).toContain('category: "boats" is not a category');
    expect((await run(competitionCreateCommand, ['--file', file('broken.json', '{"title": ')])).text).toContain('is not valid JSON');
    expect((await run(competitionCreateCommand, [])).code).toBe(2);
    // Put on sale at once, it must still take entries (a mistyped year made it closed, and drawn empty).
    const past = await run(competitionCreateCommand, ['--file', file('past.json', { ...valid, closing: '2020-01-10 19:00', draw: '2020-01-10 20:00' })]);
    expect(past.code).toBe(1);
    expect(past.text).toContain('Nothing was created: closing: the closing time has passed; set a later one');
    expect(await count('SELECT count(*)::int AS n FROM competitions')).toBe(before);

    const ok = await run(competitionCreateCommand, ['--file', file('ok.json', valid)]);
    expect(ok.code).toBe(0);
    id = Number(/#(\d+)/.exec(ok.text)![1]);
    const row = await t.pool.query(`SELECT c.price_pence, c.total_tickets, c.comp_question, to_char(c.draw_at AT TIME ZONE 'Europe/London', 'YYYY-MM-DD HH24:MI') AS draw, d.commitment
      FROM competitions c JOIN competition_draws d ON d.competition_id = c.id WHERE c.id = $1`, [id]);
    expect(row.rows[0]).toMatchObject({ price_pence: 149, total_tickets: 200, comp_question: true, draw: '2030-01-10 20:00' });
    expect(ok.text).toContain(row.rows[0].commitment);
    expect(await count('SELECT count(*)::int AS n FROM competition_question_options WHERE competition_id = $1 AND is_correct', [id])).toBe(1);
  });

  it('competition-update changes only the fields given and refuses bad ones', async () => {
    const ok = await run(competitionUpdateCommand, ['--id', String(id), '--file', file('u.json', { title: 'Audi RS3 Sportback Vorsprung', featured: true })]);
    expect(ok.code).toBe(0);
    const row = (await t.pool.query('SELECT title, featured, price_pence FROM competitions WHERE id = $1', [id])).rows[0];
    expect(row).toEqual({ title: 'Audi RS3 Sportback Vorsprung', featured: true, price_pence: 149 });
    const bad = await run(competitionUpdateCommand, ['--id', String(id), '--file', file('u2.json', { closing: '2031-01-01 00:00' })]);
    expect(bad.code).toBe(1);
    expect(bad.text).toMatch(/Nothing was changed.*closing/);
    // Both the creation and the change are in the audit log, a refused change is not.
    const audited = await t.pool.query<{ action: string; actor: string; after: Record<string, unknown> }>('SELECT action, actor, after FROM staff_audit_log WHERE subject = $1 ORDER BY id', [`competition #${id}`]);
    expect(audited.rows.map((r) => r.action)).toEqual(['competition.create', 'competition.update']);
    expect(audited.rows[0]!.actor).toMatch(/^cli:/);
    expect(audited.rows[1]!.after).toEqual({ title: 'Audi RS3 Sportback Vorsprung', featured: true });
    expect((await run(competitionUpdateCommand, ['--id', '999999', '--file', file('u3.json', { featured: false })])).text).toContain('No competition with id 999999');
  });

  it('postal-entry records an entry under the question rule; entries lists and exports it', async () => {
    const wrong = await run(postalEntryCommand, ['--competition', String(id), '--name', 'Priya Shah', '--email', 'priya@example.com', '--answer', '3', '--born', '1990-04-23']);
    expect(wrong).toMatchObject({ code: 1 });
    expect(wrong.text).toContain('not the correct answer');
    expect((await run(postalEntryCommand, ['--competition', String(id), '--name', 'Priya Shah'])).code).toBe(2);
    const ok = await run(postalEntryCommand, ['--competition', String(id), '--name', 'Priya Shah', '--email', 'priya@example.com', '--town', 'Leeds', '--answer', '4', '--born', '1990-04-23']);
    expect(ok.code).toBe(0);
    const ticket = Number(/ticket (\d+)/.exec(ok.text)![1]);
    // An hour ago, London time, as the operator types it (the competition was set up the day before).
    await t.pool.query(`UPDATE competitions SET created_at = now() - interval '1 day' WHERE id = $1`, [id]);
    const receivedWall = (await t.pool.query<{ w: string }>(`SELECT to_char((now() - interval '1 hour') AT TIME ZONE 'Europe/London', 'YYYY-MM-DD HH24:MI') AS w`)).rows[0]!.w;
    const byCustomer = await run(postalEntryCommand, ['--competition', String(id), '--customer', 'demo@cgg.test', '--answer', '4', '--born', '1985-06-10', '--received', receivedWall]);
    expect(byCustomer.text).toMatch(/customer #\d+/);
    expect((await t.pool.query("SELECT to_char(received_at AT TIME ZONE 'Europe/London', 'YYYY-MM-DD HH24:MI') AS received FROM postal_entries WHERE competition_id = $1 AND customer_id IS NOT NULL", [id])).rows).toEqual([{ received: receivedWall }]);
    // The date of birth is asked for, and when it arrived must be a London time.
    const unborn = await run(postalEntryCommand, ['--competition', String(id), '--name', 'No Birth', '--email', 'nobirth@example.com', '--answer', '4']);
    expect(unborn).toMatchObject({ code: 2 });
    expect(unborn.text).toContain('Missing --born: the date of birth written on the entry');
    expect((await run(postalEntryCommand, ['--competition', String(id), '--name', 'Odd Date', '--email', 'odd@example.com', '--answer', '4', '--born', '1990-04-23', '--received', '02/01/2026'])).text)
      .toContain('--received is when the entry arrived, London time "YYYY-MM-DD HH:MM".');

    const list = await run(entriesCommand, ['--competition', String(id)]);
    expect(list.text).toContain('Priya Shah <priya@example.com>');
    expect(list.text).toContain('2 entries.');
    const out = path.join(dir, 'entries.csv');
    expect((await run(entriesCommand, ['--competition', String(id), '--csv', '--out', out])).code).toBe(0);
    expect(readFileSync(out, 'utf8')).toMatch(new RegExp(`^ticket_number,entry_type,name,email,reference,created_at,received_at\\n`));
    const pub = await run(entriesCommand, ['--competition', String(id), '--public']);
    expect(pub.text).toContain(`${ticket},postal`);
    expect(pub.text).not.toContain('Priya');
    // Names and emails left the shop twice (the list, the file), each recorded as the back office's export is; the published list is not.
    const audited = await t.pool.query<{ actor: string; after: Record<string, unknown> }>("SELECT actor, after FROM staff_audit_log WHERE action = 'entries.export' AND subject = $1 ORDER BY id", [`competition #${id}`]);
    expect(audited.rows.map((r) => r.after)).toEqual([{ format: 'list', entries: 2 }, { format: 'csv', entries: 2, file: out }]);
    expect(audited.rows.every((r) => /^cli:\S/.test(r.actor))).toBe(true);
  });

  it('draw runs a live draw once entries close, once', async () => {
    const early = await run(drawCommand, ['--competition', String(id)]);
    expect(early).toMatchObject({ code: 1 });
    expect(early.text).toContain('still taking entries');
    await t.pool.query(`UPDATE competitions SET closing_at = now() - interval '1 minute', draw_at = now() WHERE id = $1`, [id]);
    const done = await run(drawCommand, ['--competition', String(id), '--by', 'amy']);
    expect(done.code).toBe(0);
    expect(done.text).toMatch(/winning ticket \d+ of 2 entries/);
    expect(done.text).toMatch(/Seed: {7}[0-9a-f]{64}/);
    expect((await t.pool.query('SELECT drawn_by FROM competition_draws WHERE competition_id = $1', [id])).rows[0].drawn_by).toBe('cli:amy');
    expect((await run(drawCommand, ['--competition', String(id)])).text).toContain('already drawn');
    expect((await run(competitionUpdateCommand, ['--id', String(id), '--file', file('late.json', { featured: false })])).text).toContain('has been drawn');
  });

  it('refuses numbers out of range and text the database cannot hold with a clear message, changing nothing', async () => {
    expect(await run(refundOrderCommand, ['--order', '3000000000', '--reason', 'x'])).toEqual({ code: 2, text: '--order must be a whole number from 1 to 2147483647 (got "3000000000").' });
    expect(await run(pointsAdjustCommand, ['--customer', '99999999999', '--points', '5', '--reason', 'x'])).toMatchObject({ code: 1, text: 'No customer 99999999999.' });
    expect(await run(claimsCommand, ['--limit', '1e300'])).toEqual({ code: 2, text: '--limit must be a whole number from 1 to 1000.' });
    expect(await run(claimStateCommand, ['--id', '1e300', '--state', 'processing'])).toEqual({ code: 2, text: '--id must be a claim id.' });
    expect(await run(postalWinsCommand, ['--settle', 'instant:99999999999999999', '--note', 'Paid'])).toEqual({ code: 2, text: '--settle names no win: the win id is too large.' });
    const nul = await run(competitionCreateCommand, ['--file', file('nul.json', JSON.stringify({ ...valid, title: 'Car\u0000 prize' }))]);
    expect(nul.code).toBe(1);
    expect(nul.text).toContain('title: Contains a NUL character (\\u0000), which is not allowed. Nothing was changed.');
    const open = Number(/#(\d+)/.exec((await run(competitionCreateCommand, ['--file', file('open.json', valid)])).text)![1]);
    const audit = await count('SELECT count(*)::int AS n FROM staff_audit_log');
    const entries = await count('SELECT count(*)::int AS n FROM postal_entries');
    expect((await run(postalEntryCommand, ['--competition', String(open), '--name', 'N'.repeat(201), '--email', 'long@example.com', '--answer', '4', '--born', '1990-04-23'])).text)
      .toContain("The entrant's name is at most 200 characters.");
    expect((await run(postalEntryCommand, ['--competition', String(open), '--name', 'Long Mail', '--email', `${'m'.repeat(250)}@example.com`, '--answer', '4', '--born', '1990-04-23'])).text)
      .toContain('The email address is at most 254 characters.');
    // The same limits as the back office's form states (the contracts' postal entry line), in the one domain function.
    expect((await run(postalEntryCommand, ['--competition', String(open), '--name', 'Long Town', '--email', 'town@example.com', '--town', 'T'.repeat(101), '--answer', '4', '--born', '1990-04-23'])).text)
      .toContain('The town is at most 100 characters.');
    expect((await run(postalEntryCommand, ['--competition', String(open), '--name', 'Long Answer', '--email', 'answer@example.com', '--answer', 'A'.repeat(201), '--born', '1990-04-23'])).text)
      .toContain('The answer is at most 200 characters.');
    expect(await count('SELECT count(*)::int AS n FROM postal_entries')).toBe(entries);
    expect(await count('SELECT count(*)::int AS n FROM staff_audit_log')).toBe(audit);
  });

  it('coupon-create racing another run with the same code says the code exists and creates nothing', async () => {
    // The other run has inserted the code, not yet committed: this run's check cannot see it, and
    // its insert waits on the unique index until the other commits.
    const other = await t.pool.connect();
    try {
      await other.query('BEGIN');
      await other.query(`INSERT INTO coupons (customer_id, code, amount_pence, percent, discount_type, created_at) VALUES (NULL, 'RACE5', 500, NULL, 'fixed_cart', now())`);
      const racing = run(couponCreateCommand, ['--code', 'race5', '--percent', '10']);
      const otherPid = (other as unknown as { processID: number }).processID;
      await vi.waitFor(async () => {
        expect(await count(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND $1 = ANY(pg_blocking_pids(pid))`, [otherPid])).toBe(1);
      }, { timeout: 10_000, interval: 20 });
      await other.query('COMMIT');
      expect(await racing).toEqual({ code: 1, text: 'A coupon with the code race5 already exists.' });
    } finally {
      other.release();
    }
    expect(await count(`SELECT count(*)::int AS n FROM coupons WHERE lower(code) = 'race5'`)).toBe(1);
    expect(await count(`SELECT count(*)::int AS n FROM staff_audit_log WHERE action = 'coupon.create' AND after->>'code' = 'race5'`)).toBe(0);
  });

  it('coupon-create, points-adjust and credit-adjust validate and write ledger rows with reasons', async () => {
    expect((await run(couponCreateCommand, ['--code', 'SPRING5', '--amount', '5', '--percent', '10'])).code).toBe(2);
    expect((await run(couponCreateCommand, ['--code', 'x', '--amount', '5'])).code).toBe(2);
    expect((await run(couponCreateCommand, ['--code', 'SPRING5', '--amount', '5.00', '--customer', 'demo@cgg.test'])).code).toBe(0);
    expect((await run(couponCreateCommand, ['--code', 'spring5', '--percent', '10'])).text).toContain('already exists');
    expect((await run(couponCreateCommand, ['--code', 'ALL10', '--percent', '10', '--expires', '2030-12-31', '--by', 'amy'])).code).toBe(0);
    const audited = await t.pool.query<{ actor: string; after: { code: string; percent: number } }>(`SELECT actor, after FROM staff_audit_log WHERE action = 'coupon.create' ORDER BY id`);
    expect(audited.rows.map((r) => r.after.code)).toEqual(['SPRING5', 'ALL10']);
    expect(audited.rows[1]).toMatchObject({ actor: 'cli:amy', after: { percent: 10 } });
    const coupons = await t.pool.query(`SELECT code, amount_pence, percent, customer_id IS NOT NULL AS personal FROM coupons WHERE code IN ('SPRING5', 'ALL10') ORDER BY code`);
    expect(coupons.rows).toEqual([
      { code: 'ALL10', amount_pence: null, percent: 10, personal: false },
      { code: 'SPRING5', amount_pence: 500, percent: null, personal: true },
    ]);

    expect((await run(pointsAdjustCommand, ['--customer', 'new@cgg.test', '--points', '-5', '--reason', 'Oops'])).text).toContain('would go below 0');
    expect((await run(pointsAdjustCommand, ['--customer', 'new@cgg.test', '--points', '1.5', '--reason', 'x'])).code).toBe(2);
    expect((await run(pointsAdjustCommand, ['--customer', 'new@cgg.test', '--points', '250', '--reason', 'Sorry for the wait', '--by', 'amy'])).code).toBe(0);
    const p = await t.pool.query(`SELECT p.type, p.points, p.description, p.adjusted_by FROM points_logs p JOIN customers c ON c.id = p.customer_id WHERE c.email = 'new@cgg.test'`);
    expect(p.rows).toEqual([{ type: 'admin-adjust', points: 250, description: 'Sorry for the wait', adjusted_by: 'cli:amy' }]);

    expect((await run(creditAdjustCommand, ['--customer', 'new@cgg.test', '--amount', '-1', '--reason', 'x'])).code).toBe(1);
    expect((await run(creditAdjustCommand, ['--customer', 'new@cgg.test', '--amount', 'ten', '--reason', 'x'])).code).toBe(2);
    expect((await run(creditAdjustCommand, ['--customer', 'nobody@cgg.test', '--amount', '1', '--reason', 'x'])).code).toBe(1);
    expect((await run(creditAdjustCommand, ['--customer', 'new@cgg.test', '--amount', '10.50', '--reason', 'Goodwill'])).code).toBe(0);
    const c = await t.pool.query(`SELECT l.type, l.amount_pence, l.description FROM credit_logs l JOIN customers c ON c.id = l.customer_id WHERE c.email = 'new@cgg.test'`);
    expect(c.rows).toEqual([{ type: 'admin-credit', amount_pence: 1050, description: 'Goodwill' }]);
  });

  it("customer-break starts support's break at once, audited with its reason; it never shortens one in force", async () => {
    const who = await createCustomer(t.pool);
    expect((await run(customerBreakCommand, ['--customer', who.email, '--period', '2w', '--reason', 'x'])).code).toBe(2);
    expect((await run(customerBreakCommand, ['--customer', 'nobody@cgg.test', '--period', '7d', '--reason', 'x'])).text).toBe('No customer nobody@cgg.test.');
    const week = await run(customerBreakCommand, ['--customer', who.email, '--period', '7d', '--reason', 'Asked by phone for a week off', '--by', 'amy']);
    expect(week.code).toBe(0);
    expect(week.text.startsWith(`${who.email}: on a break until `)).toBe(true);
    expect(week.text.endsWith(' (London). Their checkouts are refused until then.')).toBe(true);
    const shorter = await run(customerBreakCommand, ['--customer', String(who.id), '--period', '24h', '--reason', 'Less', '--by', 'amy']);
    expect(shorter.code).toBe(1);
    expect(shorter.text).toMatch(/^Not changed: the customer is already on a break until/);
    expect((await run(customerBreakCommand, ['--customer', String(who.id), '--period', 'permanent', '--reason', 'Closing for good', '--by', 'amy'])).text).toBe(`${who.email}: the account is closed permanently. They cannot check out again.`);
    const audit = await t.pool.query<{ actor: string; after: { reason: string; permanent: boolean } }>("SELECT actor, after FROM staff_audit_log WHERE action = 'customer.break' AND subject = $1 ORDER BY id", [`customer #${who.id}`]);
    expect(audit.rows.map((r) => [r.actor, r.after.reason, r.after.permanent])).toEqual([['cli:amy', 'Asked by phone for a week off', false], ['cli:amy', 'Closing for good', true]]);
  });
});
