import type pg from 'pg';
import type { Queryable } from '../accounts/queryable.ts';
import { HOLDING_STATUSES } from '../store/order-statuses.ts';
import { containsPattern } from '../lib/like-pattern.ts';

/*
 * A competition's entries as its operator sees them: paid tickets of orders that count (as the
 * draw counts them) and postal entries, each with its holder. One query shape for the CLI's
 * `entries` and the back office's list and CSV export.
 */

export interface EntryRow {
  ticket_number: number;
  entry_type: 'paid' | 'postal';
  name: string;
  email: string;
  reference: string;
  created_at: Date;
  /** When a postal entry's envelope arrived (null: a paid ticket, or a postal entry recorded before arrivals were). */
  received_at: Date | null;
}

/** The entry columns over `t`, a set of tickets of one competition, keeping the entries that count. */
const entriesOver = (tickets: string): string => `
  SELECT t.ticket_number, CASE WHEN t.order_item_id IS NULL THEN 'postal' ELSE 'paid' END AS entry_type,
         COALESCE(p.full_name, trim(o.billing_first_name || ' ' || o.billing_last_name)) AS name,
         COALESCE(p.email, NULLIF(o.billing_email, ''), cu.email, '') AS email,
         COALESCE('postal #' || p.id, 'order #' || o.id) AS reference, t.created_at, p.received_at
  FROM ${tickets} t
  LEFT JOIN order_items i ON i.id = t.order_item_id LEFT JOIN orders o ON o.id = i.order_id
  LEFT JOIN postal_entries p ON p.competition_id = t.competition_id AND p.ticket_number = t.ticket_number
  LEFT JOIN customers cu ON cu.id = t.customer_id
  WHERE t.order_item_id IS NULL OR o.status = ANY($2)`;

const ENTRIES_SQL = entriesOver('(SELECT * FROM tickets WHERE competition_id = $1)');

/** Rows per query of a stream: big enough to keep round trips few, small enough to keep memory flat. */
const BATCH = 5000;

export async function competitionExists(db: Queryable, competitionId: number): Promise<boolean> {
  return ((await db.query('SELECT 1 FROM competitions WHERE id = $1', [competitionId])).rowCount ?? 0) > 0;
}

/**
 * One page of entries in ticket order, optionally only those matching `search`: a ticket number
 * (digits), or part of the holder's name, email or the order/postal reference.
 */
export async function entriesPage(db: Queryable, o: { competitionId: number; search?: string | undefined; page: number; limit: number }): Promise<{ rows: EntryRow[]; total: number }> {
  const search = o.search?.trim() || null;
  const ticket = search && /^\d{1,9}$/.test(search) ? Number(search) : null;
  const like = containsPattern(search);
  const { rows } = await db.query<EntryRow & { total: number }>(
    `SELECT *, count(*) OVER ()::int AS total FROM (${ENTRIES_SQL}) e
     WHERE $3::text IS NULL OR e.ticket_number = $4 OR e.name ILIKE $3 OR e.email ILIKE $3 OR e.reference ILIKE $3
     ORDER BY e.ticket_number LIMIT $5 OFFSET $6`,
    [o.competitionId, HOLDING_STATUSES, like, ticket, o.limit, (o.page - 1) * o.limit],
  );
  return { rows: rows.map(({ total: _t, ...r }) => r), total: rows[0]?.total ?? 0 };
}

/**
 * Every entry in ticket order, a batch at a time (keyset on the ticket number), all read in one
 * repeatable-read snapshot: an export taken during a sale is one consistent list, and memory
 * stays flat however many entries there are. The connection is released when the caller stops
 * (or the download is cut off).
 */
export async function* entryBatches(pool: pg.Pool, competitionId: number, batchSize = BATCH): AsyncGenerator<EntryRow[]> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    let after = 0;
    for (;;) {
      // The next BATCH tickets by the unique (competition, ticket) index first, then their holders:
      // a plan that stays a few index lookups per row whatever the statistics say (left to
      // choose, a freshly filled competition got hash joins over every order, 6 times slower).
      const { rows } = await client.query<EntryRow & { batch_end: number | null }>(
        `WITH batch AS MATERIALIZED (SELECT * FROM tickets WHERE competition_id = $1 AND ticket_number > $3 ORDER BY ticket_number LIMIT $4)
         SELECT e.*, (SELECT max(ticket_number) FROM batch) AS batch_end FROM (${entriesOver('batch')}) e ORDER BY e.ticket_number`,
        [competitionId, HOLDING_STATUSES, after, batchSize],
      );
      const end = rows[0]?.batch_end ?? (await client.query<{ end: number | null }>(
        `SELECT max(ticket_number) AS end FROM (SELECT ticket_number FROM tickets WHERE competition_id = $1 AND ticket_number > $2 ORDER BY ticket_number LIMIT $3) b`,
        [competitionId, after, batchSize],
      )).rows[0]!.end;
      // Tickets of orders that no longer count (refunded, cancelled) are not entries: a batch may hold fewer rows.
      if (rows.length > 0) yield rows.map(({ batch_end: _e, ...r }) => r);
      if (end === null) break;
      after = end;
    }
    await client.query('COMMIT');
  } finally {
    // A generator stopped early leaves the read-only transaction open: end it before the connection goes back.
    await client.query('ROLLBACK').catch(() => {});
    client.release();
  }
}

/** A CSV cell: quoted when needed, and spreadsheet formulas in names typed by the public defused. */
export function csvCell(v: unknown): string {
  const s = v === null || v === undefined ? '' : String(v);
  const safe = /^[=+\-@]/.test(s) ? `'${s}` : s;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

// received_at last: a postal entry recorded after the close shows it arrived before.
export const ENTRIES_CSV_HEADER = 'ticket_number,entry_type,name,email,reference,created_at,received_at\n';

const csvLine = (r: EntryRow): string =>
  `${[r.ticket_number, r.entry_type, r.name, r.email, r.reference, r.created_at.toISOString(), r.received_at?.toISOString() ?? ''].map(csvCell).join(',')}\n`;

/**
 * The operator's CSV of every entry (header first), as text chunks to stream to a file or a
 * download; `onRows` hears how many entries each chunk holds.
 */
export async function* entriesCsv(pool: pg.Pool, competitionId: number, onRows: (n: number) => void = () => {}): AsyncGenerator<string> {
  yield ENTRIES_CSV_HEADER;
  for await (const rows of entryBatches(pool, competitionId)) {
    onRows(rows.length);
    yield rows.map(csvLine).join('');
  }
}
