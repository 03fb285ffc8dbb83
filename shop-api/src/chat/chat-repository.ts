import type { ChatMessage } from '@cgg/contracts';
import type { Queryable } from '../accounts/queryable.ts';

/** How many messages the page opens with (and each page back). */
export const CHAT_PAGE_SIZE = 50;

const columns = `id::int, author_name AS author, message,
  to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at`;

/** The latest visible messages (older than `before` when given), oldest first. */
export async function recentMessages(db: Queryable, before?: number): Promise<ChatMessage[]> {
  const { rows } = await db.query<ChatMessage>(
    `SELECT * FROM (
       SELECT ${columns} FROM chat_messages
       WHERE removed_at IS NULL AND ($1::bigint IS NULL OR id < $1)
       ORDER BY id DESC LIMIT $2) m
     ORDER BY id`,
    [before ?? null, CHAT_PAGE_SIZE],
  );
  return rows;
}

/** Visible messages after `afterId`: what a reconnecting stream missed. */
export async function messagesAfter(db: Queryable, afterId: number): Promise<ChatMessage[]> {
  const { rows } = await db.query<ChatMessage>(
    `SELECT ${columns} FROM chat_messages WHERE removed_at IS NULL AND id > $1 ORDER BY id LIMIT $2`,
    [afterId, CHAT_PAGE_SIZE],
  );
  return rows;
}

export async function insertMessage(db: Queryable, customerId: number, author: string, message: string): Promise<ChatMessage> {
  const { rows } = await db.query<ChatMessage>(
    `INSERT INTO chat_messages (customer_id, author_name, message) VALUES ($1, $2, $3) RETURNING ${columns}`,
    [customerId, author, message],
  );
  return rows[0]!;
}

/** Hides a message (kept for the record); true when it was visible. The trigger tells every stream. */
export async function removeMessage(db: Queryable, id: number): Promise<boolean> {
  const { rowCount } = await db.query('UPDATE chat_messages SET removed_at = now() WHERE id = $1 AND removed_at IS NULL', [id]);
  return rowCount === 1;
}
