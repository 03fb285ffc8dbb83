import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../db/migrate.ts';
import { databaseBefore } from '../test/database-before.ts';
import type { TestDatabase } from '../test/test-database.ts';

const KEYS_MIGRATION = 57;

let db: TestDatabase;
beforeAll(async () => {
  db = await databaseBefore(KEYS_MIGRATION);
});
afterAll(async () => db?.drop());

describe('migration 057 on mail sent before it', () => {
  it('takes the keys out of sent reset and staff links; unsent mail and other text stay as they were', async () => {
    const key = 'A'.repeat(20) + '_-' + 'z9'.repeat(10) + 'q';
    expect(key).toHaveLength(43);
    const reset = `Open this link within an hour:\n\nhttp://shop.test/auth/reset/password?key=${key}&login=sam%40cgg.test\n`;
    const staff = `<p><a href="http://shop.test/admin/set-password?key=${key}">Choose my password</a></p>`;
    const insert = 'INSERT INTO email_outbox (to_address, subject, text_body, html_body, created_at, sent_at) VALUES ($1, $2, $3, $4, now(), $5) RETURNING id';
    const sent = (await db.pool.query(insert, ['sam@cgg.test', 'Reset', reset, staff, new Date()])).rows[0].id;
    const unsent = (await db.pool.query(insert, ['amy@cgg.test', 'Reset', reset, staff, null])).rows[0].id;
    const other = (await db.pool.query(insert, ['bo@cgg.test', 'Receipt', 'Order #10001: key=short', '', new Date()])).rows[0].id;

    const client = await db.pool.connect();
    try {
      await migrate(client);
    } finally {
      client.release();
    }
    const body = async (id: string) => (await db.pool.query('SELECT text_body, html_body FROM email_outbox WHERE id = $1', [id])).rows[0];
    expect(await body(sent)).toEqual({
      text_body: reset.replace(key, '[removed once sent]'),
      html_body: staff.replace(key, '[removed once sent]'),
    });
    expect(await body(unsent)).toEqual({ text_body: reset, html_body: staff });
    expect(await body(other)).toEqual({ text_body: 'Order #10001: key=short', html_body: '' });
  });
});
