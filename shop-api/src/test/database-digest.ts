import type pg from 'pg';

/**
 * A digest of every row of every table in the public schema (migrations' bookkeeping
 * included): equal before and after a refused request means it wrote nothing at all.
 */
export async function databaseDigest(pool: pg.Pool): Promise<Record<string, string>> {
  const { rows: tables } = await pool.query<{ name: string }>(
    `SELECT quote_ident(tablename) AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`,
  );
  const digest: Record<string, string> = {};
  for (const { name } of tables) {
    const { rows } = await pool.query<{ d: string | null }>(`SELECT md5(string_agg(t::text, '|' ORDER BY t::text)) AS d FROM ${name} t`);
    digest[name] = rows[0]!.d ?? 'empty';
  }
  return digest;
}
