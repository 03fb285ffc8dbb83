import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { getCompetitionResponseSchema } from '@cgg/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordPostalEntry } from '../../draws/postal-entry.ts';
import { createTestApp } from '../../test/test-database.ts';
import { UsageError, type Command } from '../command.ts';
import { competitionCreateCommand } from './competition-create.ts';
import { competitionUpdateCommand } from './competition-update.ts';

/* competition-create / competition-update with instant-win and reward-win prizes. */

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const dir = mkdtempSync(path.join(tmpdir(), 'cgg-cli-prizes-'));
let fileSeq = 0;
const file = (value: unknown): string => {
  const p = path.join(dir, `c${++fileSeq}.json`);
  writeFileSync(p, JSON.stringify(value));
  return p;
};
const EXAMPLE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../examples/competition-with-instant-wins.json');

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
const numbersOf = async (id: number) =>
  (await t.pool.query<{ ticket_number: number; title: string }>(
    'SELECT t.ticket_number, p.title FROM instant_win_tickets t JOIN instant_win_prizes p ON p.id = t.instant_win_prize_id WHERE t.competition_id = $1 ORDER BY t.ticket_number',
    [id],
  )).rows;
const payload = async (id: number) =>
  getCompetitionResponseSchema.parse((await t.app.inject({ method: 'POST', url: '/?rest_route=/api/v1/getcompetition', headers: { 'content-type': 'application/json' }, payload: { id } })).json()).data;

const base = {
  title: 'Prize Test Competition', category: 'cash', image: '/wp-content/uploads/competitions/instant-cash.svg', price_per_ticket: '0.99',
  total_tickets: 50, max_ticket_per_user: 10, closing: '2030-02-10 19:00', draw: '2030-02-10 20:00', prize_value: '1000.00',
};
const created = (text: string): number => Number(/#(\d+)/.exec(text)![1]);

describe('competition files with instant and reward wins', () => {
  it('the README example creates its prizes: 60 distinct random numbers in range, the reward milestones, both flags on', async () => {
    const res = await run(competitionCreateCommand, ['--file', EXAMPLE]);
    expect(res.code, res.text).toBe(0);
    expect(res.text).toContain('Instant wins: 3 prize(s) on 60 ticket numbers drawn at random');
    expect(res.text).toContain('Reward wins at 25%, 50%, 75% of tickets sold.');
    const id = created(res.text);
    const rows = await numbersOf(id);
    expect(rows).toHaveLength(60);
    expect(new Set(rows.map((r) => r.ticket_number)).size).toBe(60);
    expect(rows.every((r) => r.ticket_number >= 1 && r.ticket_number <= 9999)).toBe(true);
    expect(rows.filter((r) => r.title === '£250 Cash')).toHaveLength(5);
    const c = await payload(id);
    expect(c.enable_instant_wins && c.enable_reward_wins).toBe(true);
    expect(c.instant_wins.map((p) => [p.title, p.prize_value, p.quantity])).toEqual([['£250 Cash', '250.00', 5], ['£50 Cash', '50.00', 15], ['£10 Site Credit', '10.00', 40]]);
    expect(c.instant_wins_tickets).toHaveLength(60);
    expect(c.reward_wins.map((r) => [r.percentage, r.title, r.won])).toEqual([[25, '£100 Site Credit', false], [50, '£500 Cash', false], [75, 'iPad Air', false]]);
    // A second competition from the same file gets other numbers (crypto randomness, not a seed).
    const again = created((await run(competitionCreateCommand, ['--file', EXAMPLE])).text);
    expect((await numbersOf(again)).map((r) => r.ticket_number)).not.toEqual(rows.map((r) => r.ticket_number));
  });

  it('bad prizes are refused with errors naming each field, and nothing is created', async () => {
    const before = await count('SELECT count(*)::int AS n FROM competitions');
    const bad = await run(competitionCreateCommand, ['--file', file({
      ...base,
      instant_wins: [{ title: '£5', prize_value: '5', quantity: 0 }, { title: 'Fine prize', prize_value: '1.00', quantity: 1, nope: true }],
      reward_wins: [{ title: 'Reward', prize_value: '10.00', percentage: 101 }],
    })]);
    expect(bad.code).toBe(1);
    expect(bad.text).toContain('instant_wins.0.title:');
    expect(bad.text).toContain('instant_wins.0.prize_value: must be pounds with 2 decimals');
    expect(bad.text).toContain('instant_wins.0.quantity:');
    expect(bad.text).toMatch(/instant_wins\.1: .*nope/);
    expect(bad.text).toContain('reward_wins.0.percentage:');
    const tooMany = await run(competitionCreateCommand, ['--file', file({ ...base, instant_wins: [{ title: '£1 Cash', prize_value: '1.00', quantity: 51 }] })]);
    expect(tooMany.text).toContain('instant_wins: 51 instant-win numbers (the sum of the quantities) do not fit in 50 tickets (total_tickets)');
    const twice = await run(competitionCreateCommand, ['--file', file({
      ...base, reward_wins: [{ title: 'Half way', prize_value: '5.00', percentage: 50 }, { title: 'Also half', prize_value: '5.00', percentage: 50 }],
    })]);
    expect(twice.text).toContain('reward_wins.1.percentage: 50 is already the milestone of reward_wins.0');
    expect(await count('SELECT count(*)::int AS n FROM competitions')).toBe(before);
  });

  it('a competition can take every number as an instant win', async () => {
    const res = await run(competitionCreateCommand, ['--file', file({ ...base, total_tickets: 20, instant_wins: [{ title: '£1 Cash', prize_value: '1.00', quantity: 20 }] })]);
    expect(res.code, res.text).toBe(0);
    expect((await numbersOf(created(res.text))).map((r) => r.ticket_number)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });

  it('update: prizes can be replaced and numbers re-drawn before any sale; once a ticket is sold the numbers never change', async () => {
    const id = created((await run(competitionCreateCommand, ['--file', file({ ...base, instant_wins: [{ title: '£5 Cash', prize_value: '5.00', quantity: 3 }] })])).text);
    const replaced = await run(competitionUpdateCommand, ['--id', String(id), '--file', file({
      instant_wins: [{ title: '£20 Cash', prize_value: '20.00', quantity: 4 }], reward_wins: [{ title: 'Half way', prize_value: '5.00', percentage: 50 }],
    })]);
    expect(replaced.code, replaced.text).toBe(0);
    expect(replaced.text).toContain('instant-win numbers (4 drawn)');
    expect((await numbersOf(id)).map((r) => r.title)).toEqual(['£20 Cash', '£20 Cash', '£20 Cash', '£20 Cash']);
    expect((await payload(id)).reward_wins.map((r) => r.percentage)).toEqual([50]);

    // A smaller total before any sale: the numbers are drawn again inside the new range.
    const shrink = await run(competitionUpdateCommand, ['--id', String(id), '--file', file({ total_tickets: 4, max_ticket_per_user: 4 })]);
    expect(shrink.code, shrink.text).toBe(0);
    expect((await numbersOf(id)).map((r) => r.ticket_number)).toEqual([1, 2, 3, 4]);
    const tooSmall = await run(competitionUpdateCommand, ['--id', String(id), '--file', file({ total_tickets: 3, max_ticket_per_user: 3 })]);
    expect(tooSmall.text).toContain('instant_wins: 4 instant-win numbers do not fit in 3 tickets (total_tickets)');

    await run(competitionUpdateCommand, ['--id', String(id), '--file', file({ total_tickets: 40 })]);
    const fixed = await numbersOf(id);
    await recordPostalEntry(t.pool, { competitionId: id, fullName: 'Sam Lee', email: 'sam.prizes@example.com', recordedBy: 'test', dateOfBirth: '1990-04-23', now: new Date() });
    const noPrizes = await run(competitionUpdateCommand, ['--id', String(id), '--file', file({ instant_wins: [] })]);
    expect(noPrizes.code).toBe(1);
    expect(noPrizes.text).toContain('instant_wins: 1 tickets are already sold; instant-win prizes and numbers never change once tickets are sold');
    const noRewards = await run(competitionUpdateCommand, ['--id', String(id), '--file', file({ reward_wins: [] })]);
    expect(noRewards.text).toContain('reward_wins: 1 tickets are already sold');
    const top = Math.max(...fixed.map((r) => r.ticket_number));
    if (top > 4) {
      const below = await run(competitionUpdateCommand, ['--id', String(id), '--file', file({ total_tickets: top - 1, max_ticket_per_user: 1 })]);
      expect(below.text).toContain(`total_tickets: ticket ${top} is an instant-win number`);
    }
    const grow = await run(competitionUpdateCommand, ['--id', String(id), '--file', file({ total_tickets: 45 })]);
    expect(grow.code, grow.text).toBe(0);
    expect(await numbersOf(id)).toEqual(fixed);
  });
});
