import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBankDetails } from '../accounts/bank-details-at-rest.ts';
import { databaseBefore } from '../test/database-before.ts';
import type { TestDatabase } from '../test/test-database.ts';
import { encryptPlaintextBankDetails } from './encrypt-bank-details.ts';
import { prepareDatabase } from './prepare.ts';

const ENCRYPTION_MIGRATION = 16;

let db: TestDatabase;
beforeAll(async () => {
  db = await databaseBefore(ENCRYPTION_MIGRATION);
});
afterAll(async () => db?.drop());

const stored = async (email: string) =>
  (await db.pool.query<{ account_number: string; sort_code: string }>('SELECT account_number, sort_code FROM customers WHERE email = $1', [email])).rows[0]!;

describe('bank details saved before encryption at rest', () => {
  it('are encrypted in place by the next start (migration 016, then the data migration), keeping their values', async () => {
    const insert = 'INSERT INTO customers (email, password_hash, over_18_confirmed_at, account_number, sort_code) VALUES ($1, \'x\', now(), $2, $3)';
    await db.pool.query(insert, ['legacy@cgg.test', '55554444', '998877']);
    await db.pool.query(insert, ['none@cgg.test', '', '']);

    await prepareDatabase(db.pool, { demoData: true });

    const legacy = await stored('legacy@cgg.test');
    expect(legacy.account_number).toMatch(/^enc:v1:/);
    expect(legacy.sort_code).toMatch(/^enc:v1:/);
    expect(openBankDetails(legacy)).toEqual({ account_number: '55554444', sort_code: '998877' });
    expect(await stored('none@cgg.test')).toEqual({ account_number: '', sort_code: '' });
    // Nothing left to do on the next start.
    expect(await encryptPlaintextBankDetails(db.pool)).toBe(0);
  });

  it('can never be written in plain text again: the checks hold for every row', async () => {
    const { rows } = await db.pool.query<{ conname: string; convalidated: boolean }>(
      "SELECT conname, convalidated FROM pg_constraint WHERE conname LIKE '%\\_encrypted' ORDER BY conname",
    );
    expect(rows).toHaveLength(4);
    for (const row of rows) expect(row.convalidated).toBe(true);
    await expect(db.pool.query("UPDATE customers SET account_number = '11112222' WHERE email = 'legacy@cgg.test'")).rejects.toThrow(/customers_account_number_encrypted/);
  });
});
