import { randomBytes } from 'node:crypto';
import type { Queryable } from '../accounts/queryable.ts';

/**
 * The key that signs Cart-Tokens and nonces. From env STORE_SECRET when set; otherwise
 * made once and kept in the database (INSERT ... ON CONFLICT DO NOTHING, then read
 * back), so every instance and every restart signs with the same key.
 */
export async function loadStoreSecret(db: Queryable, envSecret: string | undefined): Promise<Buffer> {
  if (envSecret) {
    if (envSecret.length < 32) throw new Error('STORE_SECRET must be at least 32 characters');
    return Buffer.from(envSecret, 'utf8');
  }
  await db.query(`INSERT INTO store_secrets (name, secret) VALUES ('store', $1) ON CONFLICT (name) DO NOTHING`, [randomBytes(32)]);
  const { rows } = await db.query<{ secret: Buffer }>(`SELECT secret FROM store_secrets WHERE name = 'store'`);
  return rows[0]!.secret;
}
