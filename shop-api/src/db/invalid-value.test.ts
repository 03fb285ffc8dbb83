// PostgreSQL's refusal of a value (SQLSTATE class 22) is the caller's bad input; other errors are not.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/test-database.ts';
import { isInvalidValue } from './invalid-value.ts';
import { createPool } from './pool.ts';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db.drop();
});

const refusal = (pool: ReturnType<typeof createPool>, sql: string, values: unknown[] = []) => pool.query(sql, values).then(() => null, (err: unknown) => err);

describe('a value the database refuses', () => {
  it('is told apart from every other database error', async () => {
    const pool = createPool({ connectionString: db.url, max: 1 }, 'invalid-value');
    try {
      expect(isInvalidValue(await refusal(pool, 'SELECT $1::int', ['2147483648']))).toBe(true); // 22003
      expect(isInvalidValue(await refusal(pool, 'SELECT $1::int', ['1e21']))).toBe(true); // 22P02
      expect(isInvalidValue(await refusal(pool, 'SELECT $1::date', ['2026-02-30']))).toBe(true); // 22008
      expect(isInvalidValue(new Error('wrapped', { cause: await refusal(pool, 'SELECT $1::bigint', ['x']) }))).toBe(true);
      expect(isInvalidValue(await refusal(pool, 'SELECT 1 / 0'))).toBe(false); // 22012, our own arithmetic
      expect(isInvalidValue(await refusal(pool, 'SELEC 1'))).toBe(false); // 42601, our own mistake
      expect(isInvalidValue(await refusal(pool, 'SELECT 1 FROM no_such_table'))).toBe(false); // 42P01
      expect(isInvalidValue(Object.assign(new Error('not from PostgreSQL'), { code: '22003' }))).toBe(false);
    } finally {
      await pool.end();
    }
  });
});
