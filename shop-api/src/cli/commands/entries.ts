import { writeFile } from 'node:fs/promises';
import { UsageError, parseFlags, type Command } from '../command.ts';
import { positiveInt, required } from '../cli-helpers.ts';
import { HOLDING_STATUSES } from '../../accounts/order-routes.ts';
import { entryListCsv } from '../../draws/draw-function.ts';

const csvCell = (v: unknown): string => {
  const s = v === null || v === undefined ? '' : String(v);
  // Quote when needed, and defuse spreadsheet formulas in names typed by the public.
  const safe = /^[=+\-@]/.test(s) ? `'${s}` : s;
  return /[",\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/**
 * `entries --competition 12 [--csv] [--public] [--out file]`: the competition's entries
 * (paid tickets of orders that count, and postal entries) with who holds each, for the
 * operator; `--public` gives the published list (ticket numbers and entry types only).
 */
export const entriesCommand: Command = {
  name: 'entries',
  usage: 'entries --competition <id> [--csv | --public] [--out <file>]',
  summary: 'List a competition\'s entries (ticket, type, holder, email, order/postal id), or export them as CSV.',
  async run(args, ctx) {
    const out = ctx.out ?? console.log;
    const flags = parseFlags(args, ['competition', 'out'], ['csv', 'public']);
    const id = positiveInt(required(flags, 'competition'), 'competition');
    if (flags.csv && flags.public) throw new UsageError('Choose --csv or --public, not both.');
    const exists = await ctx.pool.query('SELECT 1 FROM competitions WHERE id = $1', [id]);
    if (exists.rowCount === 0) {
      out(`No competition with id ${id}.`);
      return 1;
    }
    const { rows } = await ctx.pool.query<{ ticket_number: number; entry_type: 'paid' | 'postal'; name: string; email: string; reference: string; created_at: Date }>(
      `SELECT t.ticket_number, CASE WHEN t.order_item_id IS NULL THEN 'postal' ELSE 'paid' END AS entry_type,
              COALESCE(p.full_name, trim(o.billing_first_name || ' ' || o.billing_last_name)) AS name,
              COALESCE(p.email, NULLIF(o.billing_email, ''), cu.email, '') AS email,
              COALESCE('postal #' || p.id, 'order #' || o.id) AS reference, t.created_at
       FROM tickets t
       LEFT JOIN order_items i ON i.id = t.order_item_id LEFT JOIN orders o ON o.id = i.order_id
       LEFT JOIN postal_entries p ON p.competition_id = t.competition_id AND p.ticket_number = t.ticket_number
       LEFT JOIN customers cu ON cu.id = t.customer_id
       WHERE t.competition_id = $1 AND (t.order_item_id IS NULL OR o.status = ANY($2))
       ORDER BY t.ticket_number`,
      [id, HOLDING_STATUSES],
    );
    let text: string;
    if (flags.public) text = entryListCsv(rows);
    else if (flags.csv || flags.out) {
      const header = 'ticket_number,entry_type,name,email,reference,created_at';
      text = `${[header, ...rows.map((r) => [r.ticket_number, r.entry_type, r.name, r.email, r.reference, r.created_at.toISOString()].map(csvCell).join(','))].join('\n')}\n`;
    } else {
      text = rows.length === 0
        ? `Competition ${id} has no entries.\n`
        : `${rows.map((r) => `${String(r.ticket_number).padStart(7)}  ${r.entry_type.padEnd(6)}  ${r.name} <${r.email}>  ${r.reference}`).join('\n')}\n${rows.length} entries.\n`;
    }
    if (typeof flags.out === 'string') {
      await writeFile(flags.out, text);
      out(`Wrote ${rows.length} entries to ${flags.out}.`);
    } else out(text.trimEnd());
    return 0;
  },
};
