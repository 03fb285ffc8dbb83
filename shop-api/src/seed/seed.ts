import type pg from 'pg';
import { drawInstantWinNumbers } from '../competitions/instant-win-numbers.ts';
import { laterTodayInLondon, londonAt } from '../lib/london-time.ts';
import { seedAccounts } from './account-seeds.ts';
import { seedDemoAdmin } from './staff-seeds.ts';
import { categorySeeds, competitionSeeds, questionSeeds, type CompetitionSeed } from './competition-seeds.ts';
import { howItWorksSeed, seoSeeds, settingsSeed } from './content-seeds.ts';

export const IMAGE_BASE = '/wp-content/uploads/competitions';
export const imageUrl = (key: string): string => `${IMAGE_BASE}/${key}.svg`;
export const galleryKey = (key: string, n: number): string => `${key}-${n + 2}`;

const HOUR = 3600_000;
const DAY = 24 * HOUR;

function drawTime(seed: CompetitionSeed, now: Date): Date {
  return seed.draw === 'today' ? laterTodayInLondon(now) : londonAt(now, seed.draw, '20:00');
}

async function insertCompetition(client: pg.PoolClient, seed: CompetitionSeed, categoryId: number, now: Date): Promise<number> {
  const drawAt = drawTime(seed, now);
  const closingAt = seed.closedHoursAgo === undefined ? drawAt : new Date(now.getTime() - seed.closedHoursAgo * HOUR);
  const createdAt = new Date(now.getTime() - (seed.createdHoursAgo ?? 5 * 24) * HOUR);
  const q = questionSeeds[seed.question]!;
  const { rows } = await client.query<{ id: number }>(
    `INSERT INTO competitions (
       category_id, title, description, image, price_pence, sale_price_pence, sale_start_at, sale_end_at,
       total_tickets, tickets_sold, max_tickets_per_user, closing_at, draw_at, status, featured,
       enable_instant_wins, enable_reward_wins, comp_question, question, live_draw, live_draw_info,
       prize_value_pence, cash_alternative_pence, winning_ticket_number, drawn_at, created_at, updated_at)
     VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,$17,true,$18,$19,$20,$21,$22,$23,$24,$25,$25)
     RETURNING id`,
    [
      categoryId,
      seed.title,
      seed.description,
      imageUrl(seed.key),
      seed.pricePence,
      seed.salePricePence ?? null,
      seed.salePricePence ? new Date(now.getTime() - DAY) : null,
      seed.salePricePence ? new Date(now.getTime() + 2 * DAY) : null,
      seed.totalTickets,
      seed.soldTickets,
      seed.maxPerUser,
      closingAt,
      drawAt,
      seed.drawn ? 'drawn' : 'open',
      seed.featured ?? false,
      (seed.instantWins?.length ?? 0) > 0,
      (seed.rewardWins?.length ?? 0) > 0,
      q.question,
      seed.liveDraw ?? false,
      seed.liveDraw ? 'Drawn live on Facebook at 8:00 PM on the draw date.' : null,
      seed.prizePence,
      seed.cashAlternativePence ?? null,
      seed.drawn?.ticket ?? null,
      seed.drawn ? new Date(drawAt.getTime() + 15 * 60_000) : null,
      createdAt,
    ],
  );
  const id = rows[0]!.id;

  for (const [position, text] of q.options.entries()) {
    await client.query(
      'INSERT INTO competition_question_options (competition_id, text, is_correct, position) VALUES ($1, $2, $3, $4)',
      [id, text, position === q.correct, position],
    );
  }
  for (let n = 0; n < (seed.galleryImages ?? 0); n++) {
    await client.query('INSERT INTO competition_gallery_images (competition_id, url, position) VALUES ($1, $2, $3)', [
      id,
      imageUrl(galleryKey(seed.key, n)),
      n,
    ]);
  }
  await insertInstantWins(client, seed, id, now);
  await insertRewardWins(client, seed, id, now);
  if (seed.drawn) {
    await client.query(
      `INSERT INTO winners (competition_id, winner_name, prize_title, prize_value_pence, kind, ticket_number, won_at)
       VALUES ($1, $2, $3, $4, 'draw', $5, $6)`,
      [id, seed.drawn.winner, seed.title, seed.prizePence, seed.drawn.ticket, new Date(drawAt.getTime() + 15 * 60_000)],
    );
  }
  return id;
}

async function insertInstantWins(client: pg.PoolClient, seed: CompetitionSeed, id: number, now: Date): Promise<void> {
  // Crypto randomness (not a seeded generator): nobody can work out the winning numbers
  // from the code. Each fresh database gets its own; the payload lists them anyway.
  const numbers = drawInstantWinNumbers((seed.instantWins ?? []).reduce((n, p) => n + p.quantity, 0), seed.totalTickets);
  let next = 0;
  const pick = (): number => numbers[next++]!;
  for (const [position, prize] of (seed.instantWins ?? []).entries()) {
    const { rows } = await client.query<{ id: number }>(
      `INSERT INTO instant_win_prizes (competition_id, title, prize_value_pence, image, quantity, position)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
      [id, prize.title, prize.pence, imageUrl(prize.image), prize.quantity, position],
    );
    const prizeId = rows[0]!.id;
    for (let i = 0; i < prize.quantity; i++) {
      const winner = prize.wonBy?.[i] ?? null;
      const wonAt = winner ? new Date(now.getTime() - (i + position + 1) * 5 * HOUR) : null;
      const ticket = pick();
      await client.query(
        `INSERT INTO instant_win_tickets (competition_id, instant_win_prize_id, ticket_number, won_at, won_by_name)
         VALUES ($1, $2, $3, $4, $5)`,
        [id, prizeId, ticket, wonAt, winner],
      );
      if (winner) {
        await client.query(
          `INSERT INTO winners (competition_id, winner_name, prize_title, prize_value_pence, kind, ticket_number, won_at)
           VALUES ($1, $2, $3, $4, 'instant', $5, $6)`,
          [id, winner, prize.title, prize.pence, ticket, wonAt],
        );
      }
    }
  }
}

async function insertRewardWins(client: pg.PoolClient, seed: CompetitionSeed, id: number, now: Date): Promise<void> {
  const soldShare = (seed.soldTickets / seed.totalTickets) * 100;
  const names = ['Aisha K.', 'Tom B.', 'Megan J.'];
  for (const [position, reward] of (seed.rewardWins ?? []).entries()) {
    const won = soldShare >= reward.percentage;
    await client.query(
      `INSERT INTO reward_wins (competition_id, title, prize_value_pence, percentage, won_at, won_by_name, position)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [id, reward.title, reward.pence, reward.percentage, won ? new Date(now.getTime() - (3 - position) * DAY) : null, won ? names[position] : null, position],
    );
  }
}

/**
 * The shop's own content, into a database that has none: categories, settings, the SEO rows
 * and "How it works". Any shop needs these (the pages read them), so every start makes them
 * when missing; operators edit them afterwards. No competition, no account. Returns whether
 * it wrote. The caller holds the start-up advisory lock.
 */
export async function seedSiteContent(client: pg.PoolClient): Promise<boolean> {
  if ((await client.query('SELECT 1 FROM settings')).rowCount) return false;
  await inTransaction(client, async () => {
    if (!(await client.query('SELECT 1 FROM categories LIMIT 1')).rowCount) {
      for (const [position, c] of categorySeeds.entries()) {
        await client.query('INSERT INTO categories (slug, name, position) VALUES ($1, $2, $3)', [c.slug, c.name, position]);
      }
    }
    const s = settingsSeed;
    await client.query(
      `INSERT INTO settings (suggested_tickets, announcement, live_draw_info, main_competition_id, slider_height_desktop,
         slider_height_tablet, slider_height_mobile, show_question, slider_speed, reward_prize_info, frontend_scripts)
       VALUES ($1, $2, $3, NULL, $4, $5, $6, $7, $8, $9, $10)`,
      [
        s.suggested_tickets,
        s.announcement,
        s.live_draw_info,
        s.slider_height_desktop,
        s.slider_height_tablet,
        s.slider_height_mobile,
        s.show_question,
        s.slider_speed,
        s.reward_prize_info,
        s.frontend_scripts,
      ],
    );
    for (const seo of seoSeeds) {
      await client.query('INSERT INTO seo_settings (page, page_title, meta_description, meta_title) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING', [
        seo.page,
        seo.page_title,
        seo.meta_description,
        seo.meta_title,
      ]);
    }
    if (!(await client.query('SELECT 1 FROM how_it_works')).rowCount) {
      await client.query('INSERT INTO how_it_works (title, intro) VALUES ($1, $2)', [howItWorksSeed.title, howItWorksSeed.intro]);
      for (const [position, step] of howItWorksSeed.steps.entries()) {
        await client.query('INSERT INTO how_it_works_steps (position, title, body) VALUES ($1, $2, $3)', [position + 1, step.title, step.body]);
      }
    }
  });
  return true;
}

/**
 * The demo shop: competitions (with instant wins, rewards, two drawn ones) and the demo
 * accounts, whose passwords are published in the README. Only when asked for
 * (`SEED_DEMO_DATA=true`, which `npm start`, the e2e suite and the benches set), and only
 * into a shop without competitions or customers: never over an operator's data, and never
 * by default, so a production database does not get accounts anyone can sign in to.
 * `now` anchors every relative date. Returns whether it wrote.
 */
export async function seedDemoData(client: pg.PoolClient, now: Date = new Date()): Promise<boolean> {
  const { rows } = await client.query<{ empty: boolean }>(
    'SELECT NOT (EXISTS (SELECT 1 FROM competitions) OR EXISTS (SELECT 1 FROM customers)) AS empty',
  );
  if (!rows[0]!.empty) return false;
  await inTransaction(client, async () => {
    const categoryIds = new Map(
      (await client.query<{ slug: string; id: number }>('SELECT slug, id FROM categories')).rows.map((r) => [r.slug, r.id]),
    );
    const competitionIds = new Map<string, number>();
    for (const seed of competitionSeeds) {
      const categoryId = categoryIds.get(seed.category);
      if (categoryId === undefined) throw new Error(`demo seed: no category ${seed.category}`);
      competitionIds.set(seed.key, await insertCompetition(client, seed, categoryId, now));
    }
    // The carousel leads with the demo's main competition, unless an operator chose one.
    await client.query('UPDATE settings SET main_competition_id = $1 WHERE main_competition_id IS NULL', [
      competitionIds.get(settingsSeed.main_competition_key) ?? null,
    ]);
    await seedAccounts(client, now);
    await seedDemoAdmin(client, now);
  });
  return true;
}

async function inTransaction(client: pg.PoolClient, work: () => Promise<void>): Promise<void> {
  await client.query('BEGIN');
  try {
    await work();
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK');
    throw err;
  }
}
