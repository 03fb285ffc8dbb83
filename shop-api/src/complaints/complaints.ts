import { complaintPolicy, complaintReference, type ComplaintCategory } from '@cgg/contracts/complaints';
import type { ComplaintState } from '@cgg/contracts/staff';
import type pg from 'pg';
import { inTransaction, type Queryable } from '../accounts/queryable.ts';
import { WpHttpError } from '../http/wp-error.ts';
import type { Mailer } from '../mail/mailer.ts';
import { fallbackLogger, type Logger } from '../lib/logger.ts';
import { londonDaysLater } from '../lib/london-time.ts';
import { recordStaffAction } from '../staff/audit-log.ts';
import { complaintAcknowledgementEmail, complaintAnswerEmail } from './complaint-emails.ts';

/**
 * The latest our final answer may come: the policy's days after filing, counted on London's
 * calendar (the same wall time that many days on), so a complaint filed across a clock change is
 * not told a day more or less than the policy says.
 */
export const answerDueAt = (filedAt: Date): Date => londonDaysLater(filedAt, complaintPolicy.answerWithinDays);


export interface ComplaintDeps {
  pool: pg.Pool;
  mailer: Mailer;
  siteUrl: string;
}

export interface NewComplaint {
  name: string;
  email: string;
  orderNumber: number | null;
  category: ComplaintCategory;
  details: string;
  /** The signed-in customer it came from, or null for a visitor. */
  customerId: number | null;
  ipAddress: string;
  at: Date;
  /** The request's logger (its id on every line). */
  log?: Logger;
  /** One per complaint the customer sends (the form's): sent again after a lost answer, the complaint already filed. */
  idempotencyKey?: string | null;
}

export interface FiledComplaint {
  id: number;
  reference: string;
  answerDue: Date;
  acknowledged: boolean;
  /** The complaint already filed under the same key (nothing new stored or mailed). */
  repeated?: boolean;
}

/**
 * Files a complaint. The complaint commits first and the acknowledgement is mailed after, so
 * a mail that cannot be sent never loses a complaint: it stays unacknowledged (staff see it)
 * and the customer still gets the reference on screen.
 */
export async function fileComplaint(deps: ComplaintDeps, c: NewComplaint): Promise<FiledComplaint> {
  // The route has taken its rate-limit point (http/rate-limits.ts, shared by every instance).
  const inserted = await deps.pool.query<{ id: string }>(
    `INSERT INTO complaints (customer_id, name, email, order_number, category, details, ip_address, created_at, idempotency_key)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     ON CONFLICT (idempotency_key) WHERE idempotency_key IS NOT NULL DO NOTHING RETURNING id`,
    [c.customerId, c.name, c.email, c.orderNumber, c.category, c.details, c.ipAddress, c.at, c.idempotencyKey ?? null],
  );
  if (!inserted.rows[0]) return (await filedUnderKey(deps.pool, c))!;
  const id = Number(inserted.rows[0].id);
  const reference = complaintReference(id);
  const answerDue = answerDueAt(c.at);
  let acknowledged = false;
  try {
    await deps.mailer.send(complaintAcknowledgementEmail({ to: c.email, name: c.name, reference, category: c.category, details: c.details, answerDue, siteUrl: deps.siteUrl }));
    await deps.pool.query('UPDATE complaints SET acknowledged_at = $2 WHERE id = $1', [id, c.at]);
    acknowledged = true;
  } catch (err) {
    (c.log ?? fallbackLogger()).error({ err, complaint: reference }, 'complaint acknowledgement could not be sent');
  }
  return { id, reference, answerDue, acknowledged };
}

/** The complaint filed under the key a repeat carries, as it was answered (null: none yet); 409 when the key was used for another complaint. */
export async function filedUnderKey(pool: pg.Pool, c: Pick<NewComplaint, 'idempotencyKey' | 'email' | 'details'>): Promise<FiledComplaint | null> {
  if (!c.idempotencyKey) return null;
  const { rows } = await pool.query<{ id: string; email: string; details: string; created_at: Date; acknowledged_at: Date | null }>(
    'SELECT id, email, details, created_at, acknowledged_at FROM complaints WHERE idempotency_key = $1',
    [c.idempotencyKey],
  );
  const before = rows[0];
  if (!before) return null;
  if (before.email !== c.email || before.details !== c.details) {
    throw new WpHttpError(409, 'cgg_idempotency_key_reused', 'That key was used for another complaint; send this one as a new complaint.');
  }
  const id = Number(before.id);
  return { id, reference: complaintReference(id), answerDue: answerDueAt(before.created_at), acknowledged: before.acknowledged_at !== null, repeated: true };
}

interface ComplaintRow {
  id: string;
  state: ComplaintState;
  category: ComplaintCategory;
  name: string;
  email: string;
  customer_id: number | null;
  order_number: number | null;
  created_at: Date;
  open_hours: number;
  details: string;
  acknowledged_at: Date | null;
  closed_at: Date | null;
  closed_by: string | null;
  close_note: string | null;
}

const COLUMNS = `c.id, c.state, c.category, c.name, c.email, c.customer_id, c.order_number, c.created_at,
  floor(extract(epoch FROM (COALESCE(c.closed_at, $1::timestamptz) - c.created_at)) / 3600)::int AS open_hours,
  c.details, c.acknowledged_at, c.closed_at, s.name || ' <' || s.email || '>' AS closed_by, c.close_note`;

export interface ComplaintSummary {
  id: number;
  reference: string;
  state: ComplaintState;
  category: ComplaintCategory;
  name: string;
  email: string;
  customerId: number | null;
  orderNumber: number | null;
  createdAt: Date;
  openHours: number;
  answerDueAt: Date;
}

export interface ComplaintRecord extends ComplaintSummary {
  details: string;
  acknowledgedAt: Date | null;
  closedAt: Date | null;
  closedBy: string | null;
  closeNote: string | null;
  answers: Array<{ id: number; author: string; text: string; sentTo: string; createdAt: Date }>;
}

const toSummary = (r: ComplaintRow): ComplaintSummary => ({
  id: Number(r.id), reference: complaintReference(Number(r.id)), state: r.state, category: r.category, name: r.name, email: r.email,
  customerId: r.customer_id, orderNumber: r.order_number, createdAt: r.created_at, openHours: Math.max(0, r.open_hours), answerDueAt: answerDueAt(r.created_at),
});

/** The queue: open complaints first, then answered, then closed; the oldest first within each. */
export async function complaintQueue(db: Queryable, o: { state: ComplaintState | null; now: Date; limit: number; offset: number }) {
  const { rows } = await db.query<ComplaintRow & { total: number }>(
    `SELECT ${COLUMNS}, count(*) OVER ()::int AS total
       FROM complaints c LEFT JOIN staff s ON s.id = c.closed_by
      WHERE ($2::text IS NULL OR c.state = $2)
      ORDER BY CASE c.state WHEN 'open' THEN 0 WHEN 'answered' THEN 1 ELSE 2 END, c.created_at, c.id
      LIMIT $3 OFFSET $4`,
    [o.now, o.state, o.limit, o.offset],
  );
  return { complaints: rows.map(toSummary), total: rows[0]?.total ?? 0 };
}

/** One complaint with its answers, oldest first; null when there is none. */
export async function complaintById(db: Queryable, id: number, now: Date): Promise<ComplaintRecord | null> {
  const { rows } = await db.query<ComplaintRow>(`SELECT ${COLUMNS} FROM complaints c LEFT JOIN staff s ON s.id = c.closed_by WHERE c.id = $2`, [now, id]);
  const row = rows[0];
  if (!row) return null;
  const answers = await db.query<{ id: string; author: string; body: string; sent_to: string; created_at: Date }>(
    'SELECT id, author, body, sent_to, created_at FROM complaint_answers WHERE complaint_id = $1 ORDER BY id',
    [id],
  );
  return {
    ...toSummary(row), details: row.details, acknowledgedAt: row.acknowledged_at, closedAt: row.closed_at, closedBy: row.closed_by, closeNote: row.close_note,
    answers: answers.rows.map((a) => ({ id: Number(a.id), author: a.author, text: a.body, sentTo: a.sent_to, createdAt: a.created_at })),
  };
}

export interface StaffDoer {
  staffId: number | null;
  actor: string;
  at: Date;
}

export type ComplaintChange = { done: true } | { done: false; why: 'not-found' | 'closed' | 'not-answered' | 'key-reused' };

/** The complaint, locked for the change, or null. */
async function lockComplaint(client: pg.PoolClient, id: number) {
  const { rows } = await client.query<{ state: ComplaintState; name: string; email: string }>('SELECT state, name, email FROM complaints WHERE id = $1 FOR UPDATE', [id]);
  return rows[0] ?? null;
}

/**
 * Sends the customer our answer and records it, word for word, with the audit entry. The mail
 * goes last in the same transaction: an answer that could not be sent is not recorded, and
 * staff may send it again. A complaint may be answered more than once until it is closed.
 * With an idempotency key an answer is recorded and mailed once: the same key again is done
 * already, and the key with another complaint or text is refused.
 */
export async function answerComplaint(deps: ComplaintDeps, o: StaffDoer & { id: number; text: string; idempotencyKey?: string }): Promise<ComplaintChange> {
  return inTransaction(deps.pool, (client) => answerLocked(client, deps.mailer, o)).catch((err: unknown) => {
    // The same key at once for another complaint (another lock): the loser of the UNIQUE race, rolled back.
    if ((err as { constraint?: string }).constraint === 'complaint_answers_idempotency_key_idx') return { done: false, why: 'key-reused' } as const;
    throw err;
  });
}

/** The answer under the complaint's lock (answerComplaint). */
async function answerLocked(client: pg.PoolClient, mailer: Mailer, o: StaffDoer & { id: number; text: string; idempotencyKey?: string }): Promise<ComplaintChange> {
  const c = await lockComplaint(client, o.id);
  if (!c) return { done: false, why: 'not-found' } as const;
  if (o.idempotencyKey !== undefined) {
    // Under the complaint's lock: a repeat racing its first send waits for it, then finds it.
    const sent = (await client.query<{ complaint_id: string; body: string }>('SELECT complaint_id, body FROM complaint_answers WHERE idempotency_key = $1', [o.idempotencyKey])).rows[0];
    if (sent) return Number(sent.complaint_id) === o.id && sent.body === o.text ? { done: true } as const : { done: false, why: 'key-reused' } as const;
  }
  if (c.state === 'closed') return { done: false, why: 'closed' } as const;
  const inserted = await client.query<{ id: string }>(
    'INSERT INTO complaint_answers (complaint_id, staff_id, author, body, sent_to, created_at, idempotency_key) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id',
    [o.id, o.staffId, o.actor, o.text, c.email, o.at, o.idempotencyKey ?? null],
  );
  await client.query("UPDATE complaints SET state = 'answered' WHERE id = $1", [o.id]);
  const reference = complaintReference(o.id);
  await recordStaffAction(client, {
    staffId: o.staffId, actor: o.actor, action: 'complaint.answer', subject: `complaint ${reference}`,
    before: { state: c.state }, after: { state: 'answered', answer_id: Number(inserted.rows[0]!.id), sent_to: c.email, text: o.text }, at: o.at,
  });
  await mailer.send(complaintAnswerEmail({ to: c.email, name: c.name, reference, answer: o.text }), client);
  return { done: true } as const;
}

/** Closes an answered complaint as resolved (the customer must have had our answer first), with the audit entry. */
export async function closeComplaint(pool: pg.Pool, o: StaffDoer & { id: number; note: string | null }): Promise<ComplaintChange> {
  return inTransaction(pool, async (client) => {
    const c = await lockComplaint(client, o.id);
    if (!c) return { done: false, why: 'not-found' } as const;
    if (c.state === 'closed') return { done: false, why: 'closed' } as const;
    if (c.state === 'open') return { done: false, why: 'not-answered' } as const;
    await client.query("UPDATE complaints SET state = 'closed', closed_at = $2, closed_by = $3, close_note = $4 WHERE id = $1", [o.id, o.at, o.staffId, o.note]);
    await recordStaffAction(client, {
      staffId: o.staffId, actor: o.actor, action: 'complaint.close', subject: `complaint ${complaintReference(o.id)}`,
      before: { state: c.state }, after: { state: 'closed', note: o.note }, at: o.at,
    });
    return { done: true } as const;
  });
}
