import { describe, expect, it } from 'vitest';
import type pg from 'pg';
import { assertServerVersion } from './durable-commit.ts';

/** A client that answers the version query as a server of `num` would. */
const serverOf = (num: string, text: string) => ({
  query: async () => ({ rows: [{ server_version_num: num, server_version: text }] }),
}) as unknown as pg.ClientBase;

describe('assertServerVersion', () => {
  it('refuses a server older than PostgreSQL 17, naming it', async () => {
    await expect(assertServerVersion(serverOf('160004', '16.4'))).rejects.toThrow(
      "PostgreSQL 17 or later is needed (the checkout's commit flushes with pg_logical_emit_message); this server is 16.4",
    );
  });

  it('takes PostgreSQL 17 and later', async () => {
    await expect(assertServerVersion(serverOf('170000', '17.0'))).resolves.toBeUndefined();
    await expect(assertServerVersion(serverOf('180004', '18.4'))).resolves.toBeUndefined();
  });
});
