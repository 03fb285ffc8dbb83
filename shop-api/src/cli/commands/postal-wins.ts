import { inTransaction } from '../../accounts/queryable.ts';
import { recordStaffAction } from '../../staff/audit-log.ts';
import { parseFlags, UsageError, type Command } from '../command.ts';
import { operatorName, positiveInt } from '../cli-helpers.ts';

type Kind = 'instant' | 'reward' | 'draw';
const TABLE: Record<Kind, string> = { instant: 'instant_win_awards', reward: 'reward_win_awards', draw: 'draw_wins' };

/** Every win whose ticket came from a free postal entry, with the entrant as written on the entry. */
const POSTAL_WINS = `
  WITH w AS (
    SELECT 'instant' AS kind, a.id, a.competition_id, a.ticket_number, a.customer_id, a.postal_entry_id, a.claimed, a.settled_by,
           p.title AS prize, p.prize_value_pence AS pence, a.won_at
    FROM instant_win_awards a JOIN instant_win_prizes p ON p.id = a.instant_win_prize_id WHERE a.postal_entry_id IS NOT NULL
    UNION ALL
    SELECT 'reward', ra.id, ra.competition_id, ra.ticket_number, ra.customer_id, ra.postal_entry_id, ra.claimed, ra.settled_by,
           r.title, r.prize_value_pence, ra.won_at
    FROM reward_win_awards ra JOIN reward_wins r ON r.id = ra.reward_win_id WHERE ra.postal_entry_id IS NOT NULL
    UNION ALL
    SELECT 'draw', d.id, d.competition_id, d.ticket_number, d.customer_id, d.postal_entry_id, d.claimed, d.settled_by,
           d.prize_title, d.prize_value_pence, d.won_at
    FROM draw_wins d WHERE d.postal_entry_id IS NOT NULL
  )
  SELECT w.*, w.id::text AS id, pe.full_name, pe.email, pe.town, c.title AS competition_title, pc.state AS claim_state
  FROM w JOIN postal_entries pe ON pe.id = w.postal_entry_id JOIN competitions c ON c.id = w.competition_id
  LEFT JOIN prize_claims pc ON pc.win_kind = w.kind AND pc.win_id = w.id
  WHERE ($1::int IS NULL OR w.competition_id = $1) AND (NOT $2 OR NOT w.claimed)
  ORDER BY w.won_at DESC, w.kind, w.id DESC`;

interface Row {
  kind: Kind; id: string; competition_id: number; competition_title: string; ticket_number: number; customer_id: number | null;
  postal_entry_id: string; claimed: boolean; settled_by: string | null; prize: string; pence: number; won_at: Date;
  full_name: string; email: string; town: string; claim_state: string | null;
}

function state(r: Row): string {
  if (r.settled_by) return `settled by ${r.settled_by}`;
  if (r.claim_state) return `claimed online (${r.claim_state})`;
  return r.customer_id === null ? 'OPEN: no account, contact the entrant' : `open: customer #${r.customer_id} claims it at /claim/prize`;
}

/**
 * `postal-wins [--open] [--competition N] [--settle <kind>:<id> [--by op]]`: the wins of free
 * postal entries. An entrant with an account claims online like any winner; one without
 * an account cannot, so the operator contacts them (the winner mail told them so), hands
 * the prize over, and records it here with --settle.
 */
export const postalWinsCommand: Command = {
  name: 'postal-wins',
  usage: 'postal-wins [--open] [--competition <id>] [--settle <instant|reward|draw>:<win id> [--by <operator>]]',
  summary: 'List wins of free postal entries (entrant name and email, account or not, state); --settle records a prize handed over to an entrant without an account.',
  async run(args, ctx) {
    const out = ctx.out ?? console.log;
    const flags = parseFlags(args, ['competition', 'settle', 'by'], ['open']);
    if (typeof flags.settle === 'string') {
      const m = /^(instant|reward|draw):([1-9]\d{0,17})$/.exec(flags.settle);
      if (!m) throw new UsageError('--settle must be <instant|reward|draw>:<win id>, as postal-wins lists them.');
      const kind = m[1] as Kind;
      const by = operatorName(flags.by);
      const { rows } = await ctx.pool.query<{ customer_id: number | null; claimed: boolean; postal: boolean }>(
        `SELECT customer_id, claimed, postal_entry_id IS NOT NULL AS postal FROM ${TABLE[kind]} WHERE id = $1`,
        [m[2]],
      );
      const win = rows[0];
      if (!win || !win.postal) {
        out(`No postal-entry ${kind} win #${m[2]}.`);
        return 1;
      }
      if (win.customer_id !== null) {
        out(`${kind} win #${m[2]} belongs to customer #${win.customer_id}: they claim it at /claim/prize (see cli claims).`);
        return 1;
      }
      // Conditional, like an online claim: settled once, even if two operators try at once.
      const at = (ctx.now ?? (() => new Date()))();
      const done = await inTransaction(ctx.pool, async (client) => {
        const settled = await client.query(
          `UPDATE ${TABLE[kind]} SET claimed = true, claimed_at = $2, settled_by = $3 WHERE id = $1 AND NOT claimed AND customer_id IS NULL`,
          [m[2], at, by],
        );
        if (settled.rowCount === 1) await recordStaffAction(client, { staffId: null, actor: `cli:${by}`, action: 'postal-win.settle', subject: `${kind} win #${m[2]}`, at });
        return settled;
      });
      out(done.rowCount === 1 ? `${kind} win #${m[2]} settled by ${by}.` : `${kind} win #${m[2]} was already settled.`);
      return done.rowCount === 1 ? 0 : 1;
    }
    const competition = typeof flags.competition === 'string' ? positiveInt(flags.competition, 'competition') : null;
    const { rows } = await ctx.pool.query<Row>(POSTAL_WINS, [competition, flags.open === true]);
    if (rows.length === 0) out('No postal-entry wins.');
    for (const r of rows) {
      out(`${r.kind}:${r.id} ${r.won_at.toISOString()} competition #${r.competition_id} "${r.competition_title}" ticket ${r.ticket_number} ` +
        `"${r.prize}" £${(r.pence / 100).toFixed(2)} | postal entry #${r.postal_entry_id} ${r.full_name} <${r.email}>${r.town ? `, ${r.town}` : ''} | ${state(r)}`);
    }
    return 0;
  },
};
