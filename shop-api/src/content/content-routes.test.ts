import { howItWorksResponseSchema, seoSettingsResponseSchema, settingsResponseSchema, winnersSummaryResponseSchema } from '@cgg/contracts';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/test-database.ts';

let app: FastifyInstance;
let pool: pg.Pool;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ app, pool, close } = await createTestApp());
});
afterAll(() => close());

const get = async (name: string) => {
  const res = await app.inject({ method: 'GET', url: `/?rest_route=/api/v1/${name}`, headers: { authorization: 'Bearer cgg-storefront' } });
  expect(res.statusCode).toBe(200);
  return res.json();
};

describe('content calls', () => {
  it('getsettings returns the coherent settings row', async () => {
    const { data } = settingsResponseSchema.parse(await get('getsettings'));
    expect(data.suggested_tickets).toEqual([5, 10, 25, 50]);
    expect([data.slider_speed, data.slider_height_desktop, data.slider_height_tablet, data.slider_height_mobile]).toEqual([5000, 520, 420, 300]);
    expect(data.show_question).toBe(1);
    expect(data.frontend_scripts).toBe('');
    const { rows } = await pool.query('SELECT featured FROM competitions WHERE id = $1', [data.main_competition]);
    expect(rows[0]?.featured).toBe(true);
  });

  it('getSEOSettings returns the page row, case-insensitively, and success false for an unknown page', async () => {
    const res = await app.inject({ method: 'POST', url: '/?rest_route=/api/v1/getSEOSettings', payload: { page: 'Home' } });
    const seo = seoSettingsResponseSchema.parse(res.json());
    expect(seo.success).toBe(true);
    expect(seo.data[0]!.page_title).toContain('CGG Competitions');
    const unknown = await app.inject({ method: 'POST', url: '/wp-json/api/v1/getSEOSettings', payload: { page: 'nowhere' } });
    expect(seoSettingsResponseSchema.parse(unknown.json())).toEqual({ success: false, data: [] });
  });

  it('get_realtime_winners_prize_value sums the real wins (draw wins and instant-win awards)', async () => {
    const summary = winnersSummaryResponseSchema.parse(await get('get_realtime_winners_prize_value'));
    const { rows } = await pool.query<{ pence: string; n: number }>(
      `SELECT sum(pence) AS pence, count(*)::int AS n FROM (
         SELECT prize_value_pence AS pence FROM draw_wins
         UNION ALL SELECT p.prize_value_pence FROM instant_win_awards a JOIN instant_win_prizes p ON p.id = a.instant_win_prize_id) w`,
    );
    expect(summary.totalWinner).toBe(rows[0]!.n);
    expect(Math.round(Number(summary.totalPrizeValue) * 100)).toBe(Number(rows[0]!.pence));
    // The seed's two drawn competitions.
    expect(summary.totalWinner).toBeGreaterThanOrEqual(2);
  });

  it('gethowitworkssettings has four steps', async () => {
    const { data } = howItWorksResponseSchema.parse(await get('gethowitworkssettings'));
    expect(data.steps).toHaveLength(4);
    expect(data.steps[0]!.title).toBe('Choose your competition');
  });
});
