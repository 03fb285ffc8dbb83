import { maskedBankDetails } from '../../accounts/bank-details-at-rest.ts';
import { parseFlags, UsageError, type Command } from '../command.ts';

/** `claims [--state s]`: prize claims to fulfil, oldest first, with what to send where (bank details masked). */
export const claimsCommand: Command = {
  name: 'claims',
  usage: 'claims [--state <received|processing|fulfilled>] [--limit n]',
  summary: 'List prize claims (oldest first) with the choice, amount, delivery address; bank details masked.',
  async run(args, ctx) {
    const out = ctx.out ?? console.log;
    const flags = parseFlags(args, ['state', 'limit']);
    const state = typeof flags.state === 'string' ? flags.state : null;
    if (state && !['received', 'processing', 'fulfilled'].includes(state)) throw new UsageError('--state must be received, processing or fulfilled.');
    const limit = flags.limit === undefined ? 50 : Number(flags.limit);
    if (!Number.isInteger(limit) || limit < 1) throw new UsageError('--limit must be a positive whole number.');
    const { rows } = await ctx.pool.query<{
      id: string; state: string; choice: string; amount_pence: number; prize_title: string; email: string; win_kind: string;
      address: string | null; bank_account_number: string | null; created_at: Date;
    }>(
      `SELECT pc.id::text, pc.state, pc.choice, pc.amount_pence, pc.prize_title, cu.email, pc.win_kind, pc.created_at,
              CASE WHEN pc.delivery_address_1 IS NOT NULL THEN concat_ws(', ', pc.delivery_first_name || ' ' || pc.delivery_last_name, pc.delivery_address_1,
                pc.delivery_address_2, pc.delivery_city, NULLIF(pc.delivery_state, ''), pc.delivery_postcode, pc.delivery_phone) END AS address,
              pc.bank_account_number
       FROM prize_claims pc JOIN customers cu ON cu.id = pc.customer_id
       WHERE ($1::text IS NULL OR pc.state = $1) ORDER BY pc.created_at, pc.id LIMIT $2`,
      [state, limit],
    );
    if (rows.length === 0) out('No claims.');
    for (const r of rows) {
      // Stored encrypted; the list shows the last 4 digits only.
      const account = r.bank_account_number ? maskedBankDetails({ account_number: r.bank_account_number, sort_code: '' }).account_number : null;
      const where = r.address ? `deliver to ${r.address}` : account ? `pay to account ${account}` : 'credited';
      out(`#${r.id} ${r.state.padEnd(10)} ${r.created_at.toISOString()} ${r.email} ${r.win_kind} "${r.prize_title}" as ${r.choice} £${(r.amount_pence / 100).toFixed(2)}: ${where}`);
    }
    return 0;
  },
};
