import {
  competitionArrayResponseSchema,
  competitionListResponseSchema,
  featuredResponseSchema,
  getCompetitionResponseSchema,
  isNew,
  isSaleActive,
  isSoldOut,
  type Competition,
} from '@cgg/contracts';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { createTestApp } from '../test/test-database.ts';

let app: FastifyInstance;
let pool: pg.Pool;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ app, pool, close } = await createTestApp());
});
afterAll(() => close());

async function post(name: string, payload: object = {}): Promise<unknown> {
  const res = await app.inject({ method: 'POST', url: `/?rest_route=/api/v1/${name}`, payload, headers: { authorization: 'Bearer cgg-storefront' } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const list = async (payload: object = {}) => competitionListResponseSchema.parse(await post('competition', payload));
const all = async () => (await list({ status: 'all', limit: 100 })).data;
const byTitle = (comps: Competition[], title: string): Competition => {
  const found = comps.find((c) => c.title === title);
  if (!found) throw new Error(`no competition titled ${title}`);
  return found;
};
const londonToday = (): string => new Date().toLocaleDateString('en-CA', { timeZone: 'Europe/London' });

describe('competition list', () => {
  it('defaults to open competitions, 12 a page, soonest draw first, with category counts', async () => {
    const res = await list();
    expect(res.page).toBe(1);
    expect(res.data).toHaveLength(12);
    expect(res.data.every((c) => c.status === 'open')).toBe(true);
    expect(res.total_pages).toBe(Math.ceil(res.total / 12));
    const draws = res.data.map((c) => `${c.draw_date} ${c.draw_time}`);
    expect(draws).toEqual([...draws].sort());
    expect(res.categories.map((c) => c.slug)).toEqual(['cars', 'tech', 'cash', 'holidays', 'lifestyle']);
    expect(res.categories.reduce((n, c) => n + c.count, 0)).toBe(res.total);
  });

  it('pages without overlap and reports totals past the last page', async () => {
    const first = await list({ page: 1, limit: 5 });
    const second = await list({ page: 2, limit: 5 });
    expect(second.data.map((c) => c.id)).not.toContain(first.data[0]!.id);
    const beyond = await list({ page: 99, limit: 5 });
    expect(beyond.data).toEqual([]);
    expect(beyond.total).toBe(first.total);
    expect(beyond.total_pages).toBe(Math.ceil(first.total / 5));
  });

  it('filters by category, instant win and status', async () => {
    const cars = await list({ category: 'cars', status: 'all' });
    expect(cars.data.length).toBeGreaterThan(0);
    expect(cars.data.every((c) => c.category === 'cars')).toBe(true);
    expect((await list({ category: 'no-such-category' })).data).toEqual([]);
    expect((await list({ category: 'all' })).total).toBe((await list()).total);

    const instant = await list({ instant_win: true });
    expect(instant.data.length).toBeGreaterThan(0);
    expect(instant.data.every((c) => c.enable_instant_wins && c.instant_wins.length > 0)).toBe(true);
    expect((await list({ instant_win: false })).data.every((c) => !c.enable_instant_wins)).toBe(true);

    expect((await list({ status: 'drawn' })).data.every((c) => c.status === 'drawn')).toBe(true);
    expect((await list({ status: 'closed' })).data.map((c) => c.status)).toEqual(['closed']);
    const finished = await list({ status: 'finished' });
    expect(finished.data.every((c) => c.status !== 'open')).toBe(true);
    const everything = await list({ status: 'all', limit: 100 });
    expect(everything.total).toBe((await list({ limit: 100 })).total + finished.total);
  });

  it('reads a page in a fixed number of queries, whatever its size', async () => {
    let queries = 0;
    const counting = new Proxy(pool, {
      get(target, prop, receiver) {
        if (prop === 'query') return (...args: unknown[]) => ((queries += 1), (target.query as (...a: unknown[]) => unknown)(...args));
        return Reflect.get(target, prop, receiver);
      },
    });
    const countingApp = buildApp({ pool: counting });
    for (const limit of [2, 50]) {
      queries = 0;
      const res = await countingApp.inject({ method: 'POST', url: '/?rest_route=/api/v1/competition', payload: { limit, status: 'all' } });
      expect(res.statusCode).toBe(200);
      expect(queries).toBe(2); // the page (with all its parts) and the category counts
    }
    await countingApp.close();
  });
});

describe('seeded states, as the contract rules read them', () => {
  it('has at least 16 competitions across at least 4 categories, with images', async () => {
    const comps = await all();
    expect(comps.length).toBeGreaterThanOrEqual(16);
    expect(new Set(comps.map((c) => c.category)).size).toBeGreaterThanOrEqual(4);
    expect(comps.every((c) => c.image.startsWith('/wp-content/uploads/competitions/'))).toBe(true);
    expect(comps.every((c) => c.question_options.length === 3)).toBe(true);
  });

  it('one on sale now, one new, one sold out, one finished, one drawing today, one closed', async () => {
    const comps = await all();
    expect(comps.filter((c) => isSaleActive(c)).map((c) => c.title)).toEqual(['£2,500 Payday Cash']);
    expect(comps.filter((c) => isNew(c.created_at)).map((c) => c.title)).toEqual(['MacBook Pro 14" M5']);
    const soldOut = comps.filter((c) => c.status === 'open' && isSoldOut(c));
    expect(soldOut.map((c) => c.title)).toEqual(['Ducati Monster SP']);
    expect(soldOut[0]!.quantity).toBe(0);
    const drawn = byTitle(comps, 'Mercedes-AMG A35 4MATIC');
    expect(drawn.status).toBe('drawn');
    // Drawn at start-up by the published draw function over its real entries (src/draws/backfill-draws.ts).
    const win = await pool.query<{ ticket_number: number }>('SELECT ticket_number FROM draw_wins WHERE competition_id = $1', [drawn.id]);
    expect(drawn.winning_ticket_number).toBe(win.rows[0]!.ticket_number);
    const tonight = byTitle(comps, 'iPhone 17 Pro Max 1TB');
    expect(tonight.draw_date).toBe(londonToday());
    expect(tonight.status).toBe('open');
    expect(byTitle(comps, 'DJI Mini 5 Pro Fly More Combo').status).toBe('closed');
  });

  it('shows instant-win tickets, some already won, and reward wins', async () => {
    const ps5 = byTitle(await all(), 'PlayStation 5 Pro Bundle');
    const quantity = ps5.instant_wins.reduce((n, p) => n + p.quantity, 0);
    expect(ps5.instant_wins_tickets).toHaveLength(quantity);
    expect(new Set(ps5.instant_wins_tickets.map((t) => t.ticket_number)).size).toBe(quantity);
    expect(ps5.instant_wins_tickets.filter((t) => t.won).map((t) => t.won_by).sort()).toEqual(['Jamie T.', 'Owen M.', 'Priya S.', 'Sophie K.']);
    const audi = byTitle(await all(), 'Audi RS3 Sportback');
    expect(audi.reward_wins.map((r) => [r.percentage, r.won])).toEqual([[25, true], [50, true], [75, false]]);
    expect(audi.gallery_images).toHaveLength(2);
  });

  it('never sends the correct answer', async () => {
    const res = await app.inject({ method: 'POST', url: '/?rest_route=/api/v1/competition', payload: { status: 'all', limit: 100 } });
    expect(res.body).not.toMatch(/is_correct|correct/);
  });

  it('derives closed from the clock, not only from the stored status', async () => {
    const { id } = (await list()).data[0]!;
    await pool.query(`UPDATE competitions SET closing_at = now() - interval '1 minute' WHERE id = $1`, [id]);
    const comp = getCompetitionResponseSchema.parse(await post('getcompetition', { id })).data;
    expect(comp.status).toBe('closed');
    expect((await list({ limit: 100 })).data.map((c) => c.id)).not.toContain(id);
  });
});

describe('home sections and details', () => {
  it('featured: flagged open competitions plus every open one', async () => {
    const { data } = featuredResponseSchema.parse(await post('featured_competition', { token: 'visitor' }));
    expect(data.featured.map((c) => c.title).sort()).toEqual(['PlayStation 5 Pro Bundle', '£10,000 Tax-Free Cash', 'Audi RS3 Sportback'].sort());
    expect(data.competitions.every((c) => c.status === 'open')).toBe(true);
    expect(data.competitions.length).toBeGreaterThan(data.featured.length);
  });

  it('drawn next: open competitions, soonest draw first', async () => {
    const { data } = competitionArrayResponseSchema.parse(await post('drawn_next_competition'));
    expect(data.every((c) => c.status === 'open')).toBe(true);
    const draws = data.map((c) => `${c.draw_date} ${c.draw_time}`);
    expect(draws).toEqual([...draws].sort());
  });

  it('finished and sold out: drawn, closed and sold-out competitions, newest first', async () => {
    const { data } = competitionArrayResponseSchema.parse(await post('finished_soldout_competition'));
    expect(data.map((c) => c.title)).toEqual(expect.arrayContaining(['Mercedes-AMG A35 4MATIC', 'Center Parcs Exclusive Lodge Break', 'Ducati Monster SP']));
    expect(data.every((c) => c.status !== 'open' || isSoldOut(c))).toBe(true);
    const draws = data.map((c) => `${c.draw_date} ${c.draw_time}`);
    expect(draws).toEqual([...draws].sort().reverse());
  });

  it('a cancelled competition: shown as closed and cancelled on its own page, in no list of finished or closed ones', async () => {
    // A closed competition whose draw is past, then cancelled: entrants must not wait for its draw.
    const { rows } = await pool.query<{ id: number; title: string }>(
      `UPDATE competitions SET status = 'cancelled' WHERE id = (SELECT id FROM competitions WHERE status = 'open' AND closing_at <= now() ORDER BY id LIMIT 1) RETURNING id, title`,
    );
    const cancelled = rows[0]!;
    try {
      const { data } = getCompetitionResponseSchema.parse(await post('getcompetition', { id: cancelled.id }));
      expect(data).toMatchObject({ status: 'closed', cancelled: true });
      const finished = competitionArrayResponseSchema.parse(await post('finished_soldout_competition')).data;
      expect(finished.map((c) => c.id)).not.toContain(cancelled.id);
      for (const status of ['closed', 'finished'] as const) expect((await list({ status, limit: 100 })).data.map((c) => c.id)).not.toContain(cancelled.id);
      // Every other competition's payload goes without the field.
      expect((await all()).filter((c) => c.cancelled !== undefined).map((c) => c.id)).toEqual([cancelled.id]);
    } finally {
      await pool.query(`UPDATE competitions SET status = 'open' WHERE id = $1`, [cancelled.id]);
    }
  });

  it('getcompetition by id', async () => {
    const first = (await list()).data[0]!;
    const { data } = getCompetitionResponseSchema.parse(await post('getcompetition', { token: 'x', id: first.id }));
    expect(data).toEqual(first);
  });

  it('getOtherComps: open competitions except the one shown, 4 by default', async () => {
    const shown = (await list()).data[0]!.id;
    const { data } = competitionArrayResponseSchema.parse(await post('getOtherComps', { id: shown }));
    expect(data).toHaveLength(4);
    expect(data.map((c) => c.id)).not.toContain(shown);
    expect(competitionArrayResponseSchema.parse(await post('getOtherComps', { limit: 2 })).data).toHaveLength(2);
  });
});
