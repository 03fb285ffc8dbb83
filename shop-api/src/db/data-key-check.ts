import type { Queryable } from '../accounts/queryable.ts';
import { dataCipher, ENCRYPTED_PREFIX } from '../lib/data-encryption.ts';

const PROBE = 'CGG Competitions data key';
const FIELD = 'data_key_check';

export const WRONG_DATA_KEY = 'the data key (DATA_ENCRYPTION_KEY, else DATA_DIR/data-encryption.key) is not the one this '
  + "database's bank details and draw seeds are encrypted with: give this process the same key as the API's other instances "
  + 'and its CLI (a new key would leave competitions that can never be drawn)';

const opens = (sealed: string, field: string): boolean => {
  try {
    dataCipher().decrypt(sealed, field);
    return true;
  } catch {
    return false;
  }
};

/**
 * Start-up step (under the start-up lock, before anything is encrypted or read): refuses to go on
 * with a data key other than the database's (migration 059). The first start records its key,
 * after checking it opens a bank detail already stored, if there is one (a database from before
 * the check). Returns what it did.
 */
export async function checkDataKey(db: Queryable): Promise<'matches' | 'recorded'> {
  const recorded = (await db.query<{ sealed: string }>('SELECT sealed FROM data_key_check')).rows[0];
  if (recorded) {
    if (!opens(recorded.sealed, FIELD)) throw new Error(WRONG_DATA_KEY);
    return 'matches';
  }
  const sample = (await db.query<{ account_number: string }>(
    `SELECT account_number FROM customers WHERE account_number LIKE '${ENCRYPTED_PREFIX}%' LIMIT 1`,
  )).rows[0];
  if (sample && !opens(sample.account_number, 'account_number')) throw new Error(WRONG_DATA_KEY);
  await db.query('INSERT INTO data_key_check (sealed, created_at) VALUES ($1, now()) ON CONFLICT (id) DO NOTHING', [dataCipher().encrypt(PROBE, FIELD)]);
  return 'recorded';
}
