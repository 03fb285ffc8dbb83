import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createClient, createPool } from '../db/pool.ts';
import { inject } from 'vitest';
import { buildApp } from '../app.ts';
import { prepareDatabase } from '../db/prepare.ts';

export interface TestDatabase {
  pool: pg.Pool;
  url: string;
  drop(): Promise<void>;
}

/** A brand-new, empty database on the test server (one per test file). */
export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = inject('pgAdminUrl');
  const name = `cgg_test_${randomBytes(6).toString('hex')}`;
  const admin = createClient({ connectionString: adminUrl }, 'test admin');
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const pool = createPool({ connectionString: url.toString(), max: 5 }, 'test database');
  return {
    pool,
    url: url.toString(),
    drop: async () => {
      await pool.end();
      const a = createClient({ connectionString: adminUrl }, 'test admin');
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    },
  };
}

/** A migrated, seeded database and an app to `inject` requests into. */
export async function createTestApp() {
  const db = await createTestDatabase();
  await prepareDatabase(db.pool, { demoData: true });
  const app = buildApp({ pool: db.pool });
  await app.ready();
  return {
    app,
    pool: db.pool,
    close: async () => {
      await app.close();
      await db.drop();
    },
  };
}

/** Row counts of every content table plus a digest of the competitions: a failed request must leave them unchanged. */
export async function rowCounts(pool: pg.Pool): Promise<Record<string, number | string>> {
  const tables = [
    'categories', 'competitions', 'competition_gallery_images', 'competition_question_options', 'instant_win_prizes',
    'instant_win_tickets', 'reward_wins', 'settings', 'seo_settings', 'how_it_works', 'how_it_works_steps', 'winners',
  ];
  const { rows } = await pool.query<Record<string, number | string>>(
    `SELECT ${tables.map((t) => `(SELECT count(*)::int FROM ${t}) AS ${t}`).join(', ')},
            (SELECT md5(string_agg(c::text, '|' ORDER BY c.id)) FROM competitions c) AS competitions_digest`,
  );
  return rows[0]!;
}
