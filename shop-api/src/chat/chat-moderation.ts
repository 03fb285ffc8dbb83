import { CHAT_MODERATION_PAGE, type StaffChatMessage } from '@cgg/contracts/staff';
import type pg from 'pg';
import { inTransaction, type Queryable } from '../accounts/queryable.ts';
import { recordStaffAction } from '../staff/audit-log.ts';
import { removeMessage } from './chat-repository.ts';

/*
 * Moderating the community chat: the back office's Chat screen (support, admins) and the CLI's
 * `remove-chat-message` both come here.
 */

/** The visible messages, newest first (older than `before` when given), with who wrote each. */
export async function messagesToModerate(db: Queryable, before?: number): Promise<StaffChatMessage[]> {
  const { rows } = await db.query<StaffChatMessage>(
    `SELECT id::int, author_name AS author, message, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at, customer_id
     FROM chat_messages WHERE removed_at IS NULL AND ($1::bigint IS NULL OR id < $1) ORDER BY id DESC LIMIT $2`,
    [before ?? null, CHAT_MODERATION_PAGE],
  );
  return rows;
}

/**
 * Hides one message: it disappears from every open chat at once (the table's trigger tells every
 * API instance) and stays in the database for the record (with the customer's account). Audited
 * (`chat.remove`) with whose message it was, not its words: a message removed for giving away
 * someone's details is not copied into a log that outlives the account. False when no visible
 * message has that id.
 */
export async function removeChatMessage(pool: pg.Pool, r: { id: number; by: { staffId: number | null; actor: string }; at: Date }): Promise<boolean> {
  return inTransaction(pool, async (client) => {
    const { rows } = await client.query<{ author_name: string; customer_id: number }>('SELECT author_name, customer_id FROM chat_messages WHERE id = $1 AND removed_at IS NULL FOR UPDATE', [r.id]);
    if (!rows[0] || !(await removeMessage(client, r.id))) return false;
    await recordStaffAction(client, {
      staffId: r.by.staffId, actor: r.by.actor, action: 'chat.remove', subject: `chat message #${r.id}`,
      before: { author: rows[0].author_name, customer_id: rows[0].customer_id }, at: r.at,
    });
    return true;
  });
}
