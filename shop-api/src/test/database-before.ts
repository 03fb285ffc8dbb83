import { cp, mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { migrate, MIGRATIONS_DIR } from '../db/migrate.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';

/**
 * A fresh test database as it was before migration `number`: every migration up to the one
 * before, so a test can put in rows of that time and see what the migration (and the start-up
 * step after it) does to them. `drop()` also removes the copied migrations.
 */
export async function databaseBefore(number: number): Promise<TestDatabase> {
  const db = await createTestDatabase();
  const before = await mkdtemp(path.join(os.tmpdir(), `cgg-before-${number}-`));
  await cp(MIGRATIONS_DIR, before, { recursive: true });
  for (const file of await readdir(before)) if (Number(file.slice(0, 3)) >= number) await rm(path.join(before, file));
  const client = await db.pool.connect();
  try {
    await migrate(client, before);
  } finally {
    client.release();
  }
  return {
    ...db,
    drop: async () => {
      await db.drop();
      await rm(before, { recursive: true, force: true });
    },
  };
}
