import type { Queryable } from '../accounts/queryable.ts';
import { dataCipher } from '../lib/data-encryption.ts';

/*
 * A draw seed is kept sealed until its draw (migration 058): encrypted under the API's data key,
 * so reading the database or a backup does not tell anyone the outcome of a draw to come. The
 * competition's id is bound in, so a sealed seed copied to another competition does not open.
 */
const fieldOf = (competitionId: number): string => `competition_draws.seed:${competitionId}`;

export const sealSeed = (competitionId: number, seed: Buffer): string => dataCipher().encrypt(seed.toString('hex'), fieldOf(competitionId));

/** Throws when the data key is not the one it was sealed with (or the row was tampered with): a draw fails, never uses another seed. */
export function openSeed(competitionId: number, sealed: string): Buffer {
  try {
    return Buffer.from(dataCipher().decrypt(sealed, fieldOf(competitionId)), 'hex');
  } catch {
    throw new Error(`the sealed draw seed of competition ${competitionId} does not open with this data key (DATA_ENCRYPTION_KEY): run the draw with the key it was sealed with`);
  }
}

/**
 * Start-up step (under the start-up lock, after the migrations): seals the plain seed of every
 * competition not yet drawn (rows from before migration 058), then validates 058's check. Once
 * done it finds nothing. Returns how many it sealed.
 */
export async function sealPlainDrawSeeds(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ competition_id: number; seed: Buffer }>('SELECT competition_id, seed FROM competition_draws WHERE drawn_at IS NULL AND seed IS NOT NULL');
  for (const r of rows) {
    await db.query('UPDATE competition_draws SET sealed_seed = $2, seed = NULL WHERE competition_id = $1', [r.competition_id, sealSeed(r.competition_id, r.seed)]);
  }
  await db.query('ALTER TABLE competition_draws VALIDATE CONSTRAINT competition_draws_seed_sealed_until_drawn');
  return rows.length;
}
