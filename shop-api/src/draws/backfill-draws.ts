import type pg from 'pg';
import { commitmentOf, newSeed } from './draw-function.ts';
import { drawLocked } from './run-draw.ts';
import { sealSeed } from './sealed-seeds.ts';

/**
 * Start-up step (under the start-up lock, after migrations and the seed):
 * 1. every competition without a commitment gets one, dated when the competition was
 *    created if it is still open (seeded or pre-draws rows), else now;
 * 2. a competition already marked drawn without a proof (the demo seed, or a database
 *    from before draws existed) is drawn again by the published function over its real
 *    entries at its recorded draw time, so every result on the site can be verified.
 * Idempotent: a second run finds nothing to do.
 */
export async function backfillDraws(client: pg.PoolClient, now: Date, siteUrl: string): Promise<number> {
  const { rows } = await client.query<{ id: number; created_at: Date; status: string; drawn_at: Date | null }>(
    `SELECT c.id, c.created_at, c.status, c.drawn_at FROM competitions c
     WHERE NOT EXISTS (SELECT 1 FROM competition_draws d WHERE d.competition_id = c.id) ORDER BY c.id`,
  );
  if (rows.length === 0) return 0;
  await client.query('BEGIN');
  try {
    for (const c of rows) {
      const seed = newSeed();
      const committedAt = c.created_at < now ? c.created_at : now;
      await client.query('INSERT INTO competition_draws (competition_id, sealed_seed, commitment, committed_at) VALUES ($1, $2, $3, $4)', [
        c.id, sealSeed(c.id, seed), commitmentOf(seed), committedAt,
      ]);
      if (c.status === 'drawn') {
        const drawnAt = c.drawn_at ?? now;
        await client.query(`DELETE FROM winners WHERE competition_id = $1 AND kind = 'draw'`, [c.id]);
        await client.query('SELECT 1 FROM competition_draws WHERE competition_id = $1 FOR UPDATE', [c.id]);
        await drawLocked(client, c.id, { now: drawnAt, drawnBy: 'backfill', siteUrl, backfill: true });
      }
    }
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  }
  return rows.length;
}
