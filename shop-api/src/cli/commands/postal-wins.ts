import type { WinKind } from '@cgg/contracts/account';
import { staffSettlePostalWinRequestSchema } from '@cgg/contracts/staff';
import { postalWins, settlePostalWin, type PostalWin } from '../../claims/postal-wins.ts';
import { parseFlags, UsageError, type Command } from '../command.ts';
import { operatorName, positiveInt } from '../cli-helpers.ts';

function state(r: PostalWin): string {
  if (r.settled_by) return `settled by ${r.settled_by}`;
  if (r.claim_state) return `claimed online (${r.claim_state})`;
  return r.customer_id === null ? 'OPEN: no account, contact the entrant' : `open: customer #${r.customer_id} claims it at /claim/prize`;
}

/**
 * `postal-wins [--open] [--competition N] [--settle <kind>:<id> --note <how> [--by op]]`: the wins of free
 * postal entries. An entrant with an account claims online like any winner; one without
 * an account cannot, so the operator contacts them (the winner mail told them so), hands
 * the prize over, and records it here with --settle and how it was handed over (the back office's
 * rule and words: a note is required, at most 500 characters).
 */
export const postalWinsCommand: Command = {
  name: 'postal-wins',
  usage: 'postal-wins [--open] [--competition <id>] [--settle <instant|reward|draw>:<win id> --note <how it was handed over> [--by <operator>]]',
  summary: 'List wins of free postal entries (entrant name and email, account or not, state); --settle records a prize handed over to an entrant without an account.',
  async run(args, ctx) {
    const out = ctx.out ?? console.log;
    const flags = parseFlags(args, ['competition', 'settle', 'note', 'by'], ['open']);
    if (typeof flags.settle === 'string') {
      const m = /^(instant|reward|draw):([1-9]\d{0,17})$/.exec(flags.settle);
      if (!m) throw new UsageError('--settle must be <instant|reward|draw>:<win id>, as postal-wins lists them.');
      const kind = m[1] as WinKind;
      const request = staffSettlePostalWinRequestSchema.safeParse({ win_kind: kind, win_id: Number(m[2]), note: typeof flags.note === 'string' ? flags.note : '' });
      if (!request.success) {
        const issue = request.error.issues[0]!;
        throw new UsageError(issue.path[0] === 'note' ? `--note: ${issue.message}` : '--settle names no win: the win id is too large.');
      }
      const by = operatorName(flags.by, ctx.operator);
      const at = (ctx.now ?? (() => new Date()))();
      const done = await settlePostalWin(ctx.pool, { kind, id: m[2]!, by, note: request.data.note, at, audit: { staffId: null, actor: `cli:${by}` } });
      if (done.settled) {
        out(`${kind} win #${m[2]} settled by ${by}.`);
        return 0;
      }
      if (done.why === 'not-postal') out(`No postal-entry ${kind} win #${m[2]}.`);
      else if (done.why === 'has-account') out(`${kind} win #${m[2]} belongs to customer #${done.customerId}: they claim it at /claim/prize (see cli claims).`);
      else out(`${kind} win #${m[2]} was already settled.`);
      return 1;
    }
    const competition = typeof flags.competition === 'string' ? positiveInt(flags.competition, 'competition') : null;
    const rows = await postalWins(ctx.pool, { competitionId: competition, open: flags.open === true });
    if (rows.length === 0) out('No postal-entry wins.');
    for (const r of rows) {
      out(`${r.kind}:${r.id} ${r.won_at.toISOString()} competition #${r.competition_id} "${r.competition_title}" ticket ${r.ticket_number} ` +
        `"${r.prize}" £${(r.pence / 100).toFixed(2)} | postal entry #${r.postal_entry_id} ${r.full_name} <${r.email}>${r.town ? `, ${r.town}` : ''} | ${state(r)}`);
    }
    return 0;
  },
};
