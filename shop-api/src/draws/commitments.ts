import type { Queryable } from '../accounts/queryable.ts';
import { commitmentOf, newSeed } from './draw-function.ts';
import { sealSeed } from './sealed-seeds.ts';

/** Commits a fresh secret seed for one competition, kept sealed until its draw (no-op when it already has one). */
export async function commitSeed(db: Queryable, competitionId: number, now: Date): Promise<void> {
  const seed = newSeed();
  await db.query(
    `INSERT INTO competition_draws (competition_id, sealed_seed, commitment, committed_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (competition_id) DO NOTHING`,
    [competitionId, sealSeed(competitionId, seed), commitmentOf(seed), now],
  );
}

/**
 * Gives every competition that has none a committed seed: competitions created before
 * draws existed, seeded ones, or rows an operator inserted by hand. `committed_at` is
 * published, so a commitment made late is visible as such. Returns how many were made.
 */
export async function ensureCommitments(db: Queryable, now: Date): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    'SELECT c.id FROM competitions c WHERE NOT EXISTS (SELECT 1 FROM competition_draws d WHERE d.competition_id = c.id) ORDER BY c.id',
  );
  for (const r of rows) await commitSeed(db, r.id, now);
  return rows.length;
}
