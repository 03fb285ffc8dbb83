import { apiRequest, calls, drawResultsResponseSchema } from '@cgg/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDrawWin, claim, instantWinner } from '../claims/claims-test-kit.ts';
import { createMailer } from '../mail/mailer.ts';
import { createCompetition } from '../store/store-fixtures.ts';
import { storeTestApp } from '../store/store-test-kit.ts';
import { recordPostalEntry } from './postal-entry.ts';
import { drawOneNow } from './run-draw.ts';

/*
 * Advertising code 8.28.5 on the public lists: a winner is named by first name, surname
 * initial and county; the whole surname only when they ticked the consent at claim.
 */

type App = Awaited<ReturnType<typeof storeTestApp>>;
let app: App;
let base: string;
beforeAll(async () => {
  app = await storeTestApp();
  base = await app.listen();
});
afterAll(() => app.close());

const winnersOf = async (competitionId: number) =>
  (await apiRequest(calls.winnersList, { limit: 100 }, { baseUrl: base })).data.filter((w) => w.competition_id === competitionId);

describe('winners named in public', () => {
  it('first name, surname initial and county; the full surname only for the win whose claim consented, with the consent time kept', async () => {
    const w = await instantWinner(app.pool, base, 2);
    await app.pool.query(`UPDATE customers SET first_name = 'Robin', last_name = 'quillfeather' WHERE id = $1`, [w.buyer.customerId]);
    await app.pool.query(`UPDATE orders SET billing_state = 'West Yorkshire' WHERE id = $1`, [w.orderId]);
    const drawWinId = await addDrawWin(app.pool, w);
    await app.pool.query(`UPDATE draw_wins SET winner_first_name = 'Robin' WHERE id = $1`, [drawWinId]);

    const before = await winnersOf(w.competitionId);
    expect(before.map((r) => [r.kind, r.first_name, r.surname, r.county]).sort()).toEqual([
      ['draw', 'Robin', 'Q.', 'West Yorkshire'], ['instant', 'Robin', 'Q.', 'West Yorkshire'], ['instant', 'Robin', 'Q.', 'West Yorkshire'],
    ]);
    expect(JSON.stringify(before)).not.toMatch(/quillfeather/i);

    const at = Date.now();
    const consented = await claim(base, w.buyer.token, { win_kind: 'instant', win_id: w.instantWinIds[0]!, choice: 'credit', county: ' North Yorkshire ', publish_full_surname: true });
    expect(consented.county).toBe('North Yorkshire');
    expect(Date.parse(consented.full_surname_consent_at!)).toBeGreaterThanOrEqual(at - 1000);
    const declined = await claim(base, w.buyer.token, { win_kind: 'instant', win_id: w.instantWinIds[1]!, choice: 'credit', county: 'Kent' });
    expect(declined.full_surname_consent_at).toBeNull();
    const stored = await app.pool.query('SELECT win_id::int AS win_id, winner_county, full_surname_consent_at IS NOT NULL AS consent FROM prize_claims WHERE customer_id = $1 ORDER BY win_id', [w.buyer.customerId]);
    expect(stored.rows).toEqual([
      { win_id: w.instantWinIds[0], winner_county: 'North Yorkshire', consent: true },
      { win_id: w.instantWinIds[1], winner_county: 'Kent', consent: false },
    ]);

    const after = await winnersOf(w.competitionId);
    const instant = (id: number) => after.find((r) => r.kind === 'instant' && r.ticket_number === id)!;
    const ticketOf = async (winId: number) => (await app.pool.query<{ t: number }>('SELECT ticket_number AS t FROM instant_win_awards WHERE id = $1', [winId])).rows[0]!.t;
    expect(instant(await ticketOf(w.instantWinIds[0]!))).toMatchObject({ first_name: 'Robin', surname: 'quillfeather', county: 'North Yorkshire' });
    expect(instant(await ticketOf(w.instantWinIds[1]!))).toMatchObject({ first_name: 'Robin', surname: 'Q.', county: 'Kent' });
    expect(after.find((r) => r.kind === 'draw')).toMatchObject({ first_name: 'Robin', surname: 'Q.', county: 'West Yorkshire' });
  });

  it('draw results name a postal winner by first name and surname initial only', async () => {
    const c = await createCompetition(app.pool, { total: 1 });
    await recordPostalEntry(app.pool, { competitionId: c.id, fullName: 'Dora Maple Drawbridge', email: 'dora.names@example.org', town: 'York', recordedBy: 'test', dateOfBirth: '1990-04-23', now: new Date() });
    await app.pool.query(`UPDATE competitions SET closing_at = now() - interval '2 minutes', draw_at = now() - interval '1 minute' WHERE id = $1`, [c.id]);
    await drawOneNow(app.pool, c.id, { now: new Date(), drawnBy: 'test', audit: { staffId: null, actor: 'test' }, siteUrl: 'http://localhost:3000', mailer: createMailer(app.pool, undefined), log: () => {} });
    const results = drawResultsResponseSchema.parse(await apiRequest(calls.drawResults, { limit: 100 }, { baseUrl: base }));
    const row = results.data.find((r) => r.competition_id === c.id)!;
    expect(row.winner).toEqual({ first_name: 'Dora', surname: 'D.', county: '' });
    expect(JSON.stringify(row)).not.toMatch(/Drawbridge|Maple|York/);
  });

  it('a whole name or an email typed as the first name is never published whole', async () => {
    const w = await instantWinner(app.pool, base, 1);
    await app.pool.query(`UPDATE customers SET first_name = 'Robin Quillfeather', last_name = 'Quillfeather' WHERE id = $1`, [w.buyer.customerId]);
    const drawWinId = await addDrawWin(app.pool, w);
    await app.pool.query(`UPDATE draw_wins SET winner_first_name = 'robin@example.org' WHERE id = $1`, [drawWinId]);
    const named = await winnersOf(w.competitionId);
    expect(named.map((r) => [r.kind, r.first_name]).sort()).toEqual([['draw', ''], ['instant', 'Robin']]);
    expect(JSON.stringify(named)).not.toMatch(/quillfeather|example\.org/i);
  });
});
