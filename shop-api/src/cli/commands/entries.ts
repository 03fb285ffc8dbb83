import { createWriteStream } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { UsageError, parseFlags, type Command } from '../command.ts';
import { operatorName, positiveInt, required } from '../cli-helpers.ts';
import { recordStaffAction } from '../../staff/audit-log.ts';
import { entryListCsv } from '../../draws/draw-function.ts';
import { competitionExists, entriesCsv, entryBatches, type EntryRow } from '../../competitions/competition-entries.ts';

/**
 * `entries --competition 12 [--csv] [--public] [--out file]`: the competition's entries
 * (paid tickets of orders that count, and postal entries) with who holds each, for the
 * operator; `--public` gives the published list (ticket numbers and entry types only).
 * The same functions as the back office's entries screen and its CSV export.
 */
export const entriesCommand: Command = {
  name: 'entries',
  usage: 'entries --competition <id> [--csv | --public] [--out <file>] [--by <name>]',
  summary: 'List a competition\'s entries (ticket, type, holder, email, order/postal id), or export them as CSV.',
  async run(args, ctx) {
    const out = ctx.out ?? console.log;
    const flags = parseFlags(args, ['competition', 'out', 'by'], ['csv', 'public']);
    const id = positiveInt(required(flags, 'competition'), 'competition');
    if (flags.csv && flags.public) throw new UsageError('Choose --csv or --public, not both.');
    if (!(await competitionExists(ctx.pool, id))) {
      out(`No competition with id ${id}.`);
      return 1;
    }
    // Entrants' names and emails left the shop: recorded, once they have, as the back office's export is (the published list has none).
    const recordExport = (format: 'csv' | 'list', count: number) => recordStaffAction(ctx.pool, {
      staffId: null, actor: `cli:${operatorName(flags.by, ctx.operator)}`, action: 'entries.export', subject: `competition #${id}`,
      after: { format, entries: count, ...(typeof flags.out === 'string' ? { file: flags.out } : {}) }, at: (ctx.now ?? (() => new Date()))(),
    });
    // The operator's CSV to a file is streamed, however many entries there are.
    if (typeof flags.out === 'string' && !flags.public) {
      let count = 0;
      await pipeline(Readable.from(entriesCsv(ctx.pool, id, (n) => (count += n))), createWriteStream(flags.out));
      if (count > 0) await recordExport('csv', count);
      out(`Wrote ${count} entries to ${flags.out}.`);
      return 0;
    }
    const rows: EntryRow[] = [];
    for await (const batch of entryBatches(ctx.pool, id)) rows.push(...batch);
    let text: string;
    if (flags.public) text = entryListCsv(rows);
    else if (flags.csv) {
      text = '';
      for await (const chunk of entriesCsv(ctx.pool, id)) text += chunk;
    } else {
      text = rows.length === 0
        ? `Competition ${id} has no entries.\n`
        : `${rows.map((r) => `${String(r.ticket_number).padStart(7)}  ${r.entry_type.padEnd(6)}  ${r.name} <${r.email}>  ${r.reference}`).join('\n')}\n${rows.length} entries.\n`;
    }
    if (typeof flags.out === 'string') {
      await writeFile(flags.out, text);
      out(`Wrote ${rows.length} entries to ${flags.out}.`);
    } else out(text.trimEnd());
    if (!flags.public && rows.length > 0) await recordExport(flags.csv ? 'csv' : 'list', rows.length);
    return 0;
  },
};
