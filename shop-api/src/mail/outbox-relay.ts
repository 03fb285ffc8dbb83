import type pg from 'pg';
import { inTransaction } from '../accounts/queryable.ts';
import { enqueueJob, JOB_SCHEMA } from '../jobs/job-queue.ts';
import { mailJobKey, SEND_MAIL_TASK, type MailTransport } from './mailer.ts';

/** What a sent mail's stored copy says where its key was (migration 057). */
export const KEY_REMOVED_ONCE_SENT = '[removed once sent]';

const withoutKeys = (body: string, keys: string[]): string => keys.reduce((b, key) => b.replaceAll(key, KEY_REMOVED_ONCE_SENT), body);

/**
 * Sends one outbox row by SMTP, once: the row is locked while it is sent and marked sent in the
 * same transaction, so two workers given the same row (a job and the relay, two instances) send
 * it once; a row already sent is skipped. The keys the mail carries (a reset link's) leave the
 * stored copy in that same transaction, so a sent mail's row holds no working link. A failed send
 * throws: the job is retried with backoff and the row keeps its last error. (A crash after the
 * SMTP server took the mail and before the COMMIT would send it again: at least once at that edge,
 * as with any SMTP relay.)
 */
export async function sendOutboxMail(pool: pg.Pool, outboxId: number, transport: MailTransport): Promise<'sent' | 'already-sent' | 'missing'> {
  try {
    return await inTransaction(pool, async (client) => {
      const { rows } = await client.query<{ to_address: string; subject: string; text_body: string; html_body: string; reply_to: string | null; remove_once_sent: string[] | null; sent_at: Date | null }>(
        'SELECT to_address, subject, text_body, html_body, reply_to, remove_once_sent, sent_at FROM email_outbox WHERE id = $1 FOR UPDATE',
        [outboxId],
      );
      const row = rows[0];
      if (!row) return 'missing' as const;
      if (row.sent_at) return 'already-sent' as const;
      await transport.deliver({ to: row.to_address, subject: row.subject, text: row.text_body, html: row.html_body, replyTo: row.reply_to ?? undefined });
      // Only a mail that carried keys has its stored bodies rewritten (null keeps them as they are).
      const keys = row.remove_once_sent ?? [];
      await client.query(
        `UPDATE email_outbox SET sent_at = now(), last_error = NULL, text_body = COALESCE($2, text_body), html_body = COALESCE($3, html_body), remove_once_sent = NULL
         WHERE id = $1`,
        [outboxId, keys.length ? withoutKeys(row.text_body, keys) : null, keys.length ? withoutKeys(row.html_body, keys) : null],
      );
      return 'sent' as const;
    });
  } catch (err) {
    await pool.query('UPDATE email_outbox SET last_error = $2 WHERE id = $1', [outboxId, String((err as Error).message).slice(0, 500)]).catch(() => {});
    throw err;
  }
}

/**
 * The outbox relay (with SMTP set): gives every unsent row that has no send job one, oldest first
 * (rows written before SMTP was set, or by SQL). A row whose job is dead is left to the operator
 * (`jobs --retry`), not revived here. Rows younger than `settleMs` are left to the job added with them.
 */
export async function relayUnsentMail(pool: pg.Pool, o: { settleMs?: number; limit?: number } = {}): Promise<number> {
  const { rows } = await pool.query<{ id: string }>(
    `SELECT o.id FROM email_outbox o
     WHERE o.sent_at IS NULL AND o.created_at < now() - make_interval(secs => $1::float8 / 1000)
       AND NOT EXISTS (SELECT 1 FROM ${JOB_SCHEMA}._private_jobs j WHERE j.key = 'mail:' || o.id)
     ORDER BY o.id LIMIT $2`,
    [o.settleMs ?? 60_000, o.limit ?? 500],
  );
  for (const r of rows) await enqueueJob(pool, SEND_MAIL_TASK, { outboxId: Number(r.id) }, { jobKey: mailJobKey(r.id), jobKeyMode: 'preserve_run_at' });
  return rows.length;
}
