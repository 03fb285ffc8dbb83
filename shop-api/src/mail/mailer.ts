import nodemailer from 'nodemailer';
import type { Queryable } from '../accounts/queryable.ts';
import { marketingAllowedTo } from './marketing.ts';
import { DEFAULT_MAIL_FROM } from '../config.ts';

/** One mail: plain text always, HTML optionally (the outbox stores '' without it). */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  /** Marketing, not a service mail: sent only to a customer who may receive it now (marketing.ts); otherwise dropped. */
  marketing?: true;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}


/**
 * SMTP through nodemailer when SMTP_URL is set (e.g. smtp://user:pass@mail.example.com:587);
 * otherwise the mail is written to the email_outbox table (migration 002), where an
 * operator or a sender job picks it up; pass a transaction's client to store a mail
 * atomically with what caused it. Nothing secret is logged.
 */
export function createMailer(db: Queryable, smtpUrl?: string, now: () => Date = () => new Date(), from: string = DEFAULT_MAIL_FROM): Mailer {
  // A customer on a break gets no marketing (UK code 1.5), whichever way the mail goes out.
  const held = async (m: MailMessage): Promise<boolean> => m.marketing === true && !(await marketingAllowedTo(db, m.to, now()));
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return {
      send: async (m) => {
        if (await held(m)) return;
        await transport.sendMail({ from, to: m.to, subject: m.subject, text: m.text, html: m.html, replyTo: m.replyTo });
      },
    };
  }
  return {
    send: async (m) => {
      if (await held(m)) return;
      // The outbox has no reply-to column: the address goes at the top of the text.
      const text = m.replyTo ? `Reply to: ${m.replyTo}\n\n${m.text}` : m.text;
      await db.query('INSERT INTO email_outbox (to_address, subject, text_body, html_body, created_at) VALUES ($1, $2, $3, $4, now())', [
        m.to,
        m.subject,
        text,
        m.html ?? '',
      ]);
    },
  };
}
