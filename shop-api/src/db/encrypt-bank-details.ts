import type { Queryable } from '../accounts/queryable.ts';
import { sealBankDetails } from '../accounts/bank-details-at-rest.ts';
import { ENCRYPTED_PREFIX } from '../lib/data-encryption.ts';

/** Where bank details are kept: a table and its account-number and sort-code columns. */
const PLACES = [
  { table: 'customers', account: 'account_number', sortCode: 'sort_code', checks: ['customers_account_number_encrypted', 'customers_sort_code_encrypted'] },
  {
    table: 'prize_claims', account: 'bank_account_number', sortCode: 'bank_sort_code',
    checks: ['prize_claims_bank_account_number_encrypted', 'prize_claims_bank_sort_code_encrypted'],
  },
] as const;

/**
 * The data migration to encryption at rest (with migrations/016): bank details saved in
 * plain text (every row from before encryption) are encrypted in place, then 016's checks
 * are validated. Runs at each start under the start-up lock, after the schema migrations;
 * once done it finds nothing. Returns how many rows it encrypted.
 */
export async function encryptPlaintextBankDetails(db: Queryable): Promise<number> {
  let encrypted = 0;
  for (const { table, account, sortCode, checks } of PLACES) {
    const plain = (column: string) => `(${column} <> '' AND ${column} NOT LIKE '${ENCRYPTED_PREFIX}%')`;
    const { rows } = await db.query<{ id: string; account: string | null; sort_code: string | null }>(
      `SELECT id::text, ${account} AS account, ${sortCode} AS sort_code FROM ${table} WHERE ${plain(account)} OR ${plain(sortCode)}`,
    );
    for (const row of rows) {
      // A value already encrypted is left as it is (decrypt would pass it through; encrypt would wrap it twice).
      const seal = (value: string | null, field: 'account_number' | 'sort_code') =>
        value === null || value.startsWith(ENCRYPTED_PREFIX) ? value : sealBankDetails({ account_number: '', sort_code: '', [field]: value })[field];
      await db.query(`UPDATE ${table} SET ${account} = $2, ${sortCode} = $3 WHERE id = $1`, [row.id, seal(row.account, 'account_number'), seal(row.sort_code, 'sort_code')]);
      encrypted++;
    }
    // Migration 016 added these checks NOT VALID (plain rows existed); now every row passes them.
    for (const check of checks) await db.query(`ALTER TABLE ${table} VALIDATE CONSTRAINT ${check}`);
  }
  return encrypted;
}
