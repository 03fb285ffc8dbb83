import type pg from 'pg';

/*
 * A commit that lets go of a hot lock before waiting for the disk.
 *
 * A checkout's last statement counts its sale on the competition's row, the one row every buyer
 * of that competition queues on, and commits in the same round trip. With synchronous_commit on,
 * PostgreSQL keeps that row locked until the commit is on disk: the backend sleeps on the flush
 * and, at a launch-night rush with both cores busy, waits again for a core to wake on, while every
 * other buyer of the competition waits behind it. So the checkout's transaction commits with
 * synchronous_commit off (the row is free as soon as the commit is recorded) and, in the same
 * message, waits for the disk itself: a non-transactional WAL message written with flush
 * (pg_logical_emit_message, PostgreSQL 17+) flushes the WAL up to it, the commit before it
 * included. The API hears back only once the commit is durable, as before.
 *
 * What changes: for that flush (a fraction of a millisecond) other sessions can already see the
 * commit. Whatever they commit after seeing it comes later in the WAL and is flushed with it, so a
 * crash can never keep their work and lose this; only something sent outside the database in
 * that instant (an instant win published from a site-credit order) could outlive a crash there.
 * The flush is the local disk's only: with a synchronous standby configured, the checkout would
 * not wait for the standby's acknowledgement (our deployment has none: docs/deployment.md).
 */

/** In the transaction's first message: its COMMIT is recorded without waiting for the disk. */
export const COMMIT_WITHOUT_WAITING = 'SET LOCAL synchronous_commit = off';

/** COMMIT, then the wait for the disk (see above), in one message. */
export const COMMIT_THEN_FLUSH = "COMMIT; SELECT pg_logical_emit_message(false, 'cgg-commit', '', true)";

/** The oldest server the flush above runs on. */
const MINIMUM_SERVER_VERSION = 170000;

/** Refuses a server older than PostgreSQL 17 at start-up, rather than at the first checkout's commit. */
export async function assertServerVersion(client: pg.ClientBase): Promise<void> {
  const { rows } = await client.query<{ server_version_num: string; server_version: string }>(
    "SELECT current_setting('server_version_num') AS server_version_num, current_setting('server_version') AS server_version",
  );
  if (Number(rows[0]!.server_version_num) < MINIMUM_SERVER_VERSION) {
    throw new Error(`PostgreSQL 17 or later is needed (the checkout's commit flushes with pg_logical_emit_message); this server is ${rows[0]!.server_version}`);
  }
}
