import { parseFlags, type Command } from '../command.ts';
import { wholeNumberUpTo } from '../cli-helpers.ts';

/** `outbox [--to email] [--limit n] [--json]`: the mail the API wrote instead of sending (no SMTP_URL). */
export const outboxCommand: Command = {
  name: 'outbox',
  usage: 'outbox [--to <email>] [--limit <n, default 10>] [--json]',
  summary: 'List outgoing mail stored in the email_outbox table (newest first), with their text.',
  async run(args, ctx) {
    const out = ctx.out ?? console.log;
    const flags = parseFlags(args, ['to', 'limit'], ['json']);
    const limit = flags.limit === undefined ? 10 : wholeNumberUpTo(String(flags.limit), 1000);
    if (limit === null) {
      out('--limit must be a whole number from 1 to 1000.');
      return 2;
    }
    const to = typeof flags.to === 'string' ? flags.to.trim() : null;
    const { rows } = await ctx.pool.query<{ id: string; to_address: string; subject: string; text_body: string; html_body: string; created_at: Date }>(
      `SELECT id, to_address, subject, text_body, html_body, created_at FROM email_outbox
       WHERE $1::text IS NULL OR lower(to_address) = lower($1) ORDER BY id DESC LIMIT $2`,
      [to, limit],
    );
    if (flags.json) {
      out(JSON.stringify(rows.map((r) => ({ ...r, id: Number(r.id), created_at: r.created_at.toISOString() }))));
      return 0;
    }
    if (rows.length === 0) {
      out(to ? `No mail to ${to} in the outbox.` : 'The outbox is empty.');
      return 0;
    }
    for (const r of rows) {
      out(`#${r.id}  ${r.created_at.toISOString()}  to ${r.to_address}`);
      out(`Subject: ${r.subject}`);
      out(r.text_body.trimEnd());
      out('-'.repeat(72));
    }
    return 0;
  },
};
