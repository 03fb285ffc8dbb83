import nodemailer from 'nodemailer';
import type { Queryable } from '../accounts/queryable.ts';
import { enqueueJobs } from '../jobs/job-queue.ts';
import { marketingAllowedTo } from './marketing.ts';
import { DEFAULT_MAIL_FROM } from '../config.ts';

/** One mail: plain text always, HTML optionally (the outbox stores '' without it). */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  /**
   * What in the mail works as a key (a link's key): the stored copy keeps it only until the mail
   * is sent by SMTP, then the outbox row says KEY_REMOVED_ONCE_SENT in its place (outbox-relay.ts).
   */
  keys?: string[];
  /** Marketing, not a service mail: sent only to a customer who may receive it now (marketing.ts); otherwise dropped. */
  marketing?: true;
}

export interface Mailer {
  /**
   * Queues one mail. Pass the transaction's client as `db` when the mail belongs to a change
   * being written: the mail then exists exactly when that change commits, and is sent after.
   */
  send(message: MailMessage, db?: Queryable): Promise<void>;
  /** Queues several mails, in order, in two statements whatever their number (a batch job's mails: the order receipts). */
  sendAll(messages: MailMessage[], db?: Queryable): Promise<void>;
}


/** The job that sends one email_outbox row by SMTP (outbox-relay.ts). */
export const SEND_MAIL_TASK = 'mail:send';
export const mailJobKey = (outboxId: number | string): string => `mail:${outboxId}`;

/**
 * The shop's one mailer. Every mail is written to the email_outbox table (migration 002) on `db`
 * (the caller's transaction, or the pool). When SMTP_URL is set, a `mail:send` job is added in
 * the same statement's transaction, and a job worker sends the row by SMTP after commit, with
 * retries (outbox-relay.ts); unset, the outbox is where mail stays (the operator's `outbox`
 * command reads it). Nothing secret is logged.
 */
export function createMailer(db: Queryable, smtpUrl?: string, now: () => Date = () => new Date()): Mailer {
  const sendAll = async (messages: MailMessage[], tx?: Queryable): Promise<void> => {
    const on = tx ?? db;
    const kept: MailMessage[] = [];
    // A customer on a break gets no marketing (UK code 1.5).
    for (const m of messages) if (m.marketing !== true || (await marketingAllowedTo(on, m.to, now()))) kept.push(m);
    if (kept.length === 0) return;
    // The reply-to goes at the top of the text too: the outbox is read as it is when SMTP is unset.
    const { rows } = await on.query<{ id: string }>(
      // unnest cannot take an array per mail, so each mail's keys travel as one JSON array.
      `INSERT INTO email_outbox (to_address, subject, text_body, html_body, reply_to, remove_once_sent, created_at)
       SELECT m.to_address, m.subject, m.text_body, m.html_body, m.reply_to,
              CASE WHEN m.keys IS NOT NULL THEN ARRAY(SELECT jsonb_array_elements_text(m.keys::jsonb)) END, now()
       FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[]) WITH ORDINALITY AS m(to_address, subject, text_body, html_body, reply_to, keys, n)
       ORDER BY m.n RETURNING id`,
      [
        kept.map((m) => m.to), kept.map((m) => m.subject), kept.map((m) => (m.replyTo ? `Reply to: ${m.replyTo}\n\n${m.text}` : m.text)),
        kept.map((m) => m.html ?? ''), kept.map((m) => m.replyTo ?? null), kept.map((m) => (m.keys?.length ? JSON.stringify(m.keys) : null)),
      ],
    );
    if (smtpUrl) await enqueueJobs(on, SEND_MAIL_TASK, rows.map((r) => ({ payload: { outboxId: Number(r.id) }, jobKey: mailJobKey(r.id) })));
  };
  return { send: (m, tx) => sendAll([m], tx), sendAll };
}

/** Where a worker hands a mail to be delivered: SMTP in the shop, a recorder in tests. */
export interface MailTransport {
  deliver(message: Omit<MailMessage, 'marketing' | 'keys'>): Promise<void>;
  close(): void;
}

/** `from`: MAIL_FROM, the sender of every mail the shop sends. */
export function smtpTransport(smtpUrl: string, from: string = DEFAULT_MAIL_FROM): MailTransport {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    deliver: async (m) => {
      await transport.sendMail({ from, to: m.to, subject: m.subject, text: m.text, html: m.html || undefined, replyTo: m.replyTo });
    },
    close: () => transport.close(),
  };
}
