import { londonWallTimeToInstant } from '@cgg/contracts';
import { UsageError, parseFlags, type Command } from '../command.ts';
import { DEFAULT_SITE_URL } from '../../config.ts';
import { findCustomer, operatorName, positiveInt, required } from '../cli-helpers.ts';
import { PostalEntryRefused } from '../../draws/postal-entry.ts';
import { takePostalEntry } from '../../draws/take-postal-entry.ts';
import { createMailer } from '../../mail/mailer.ts';

/**
 * `postal-entry --competition 12 (--customer <id|email> | --name "Full Name" --email x) --born YYYY-MM-DD [--received "YYYY-MM-DD HH:MM"] [--town t] [--answer a]`:
 * records a free postal entry under the purchase rules and prints its ticket number.
 */
export const postalEntryCommand: Command = {
  name: 'postal-entry',
  usage: 'postal-entry --competition <id> (--customer <id|email> | --name "<full name>" --email <email>) --born <YYYY-MM-DD> [--received "<YYYY-MM-DD HH:MM>"] [--town <town>] [--answer <option id or text>] [--by <operator>]',
  summary: 'Record a free postal entry: one ticket from the same pool, same per-person cap and question rule; --born is the date of birth written on it, --received when it arrived (London time; default now).',
  async run(args, ctx) {
    const out = ctx.out ?? console.log;
    const flags = parseFlags(args, ['competition', 'customer', 'name', 'email', 'town', 'answer', 'born', 'received', 'by']);
    const competitionId = positiveInt(required(flags, 'competition'), 'competition');
    if (typeof flags.born !== 'string' || !flags.born.trim()) throw new UsageError('Missing --born: the date of birth written on the entry, YYYY-MM-DD (the postal route asks for it).');
    const dateOfBirth = flags.born;
    const received = typeof flags.received === 'string' ? new Date(londonWallTimeToInstant(flags.received)) : undefined;
    if (received && Number.isNaN(received.getTime())) throw new UsageError('--received is when the entry arrived, London time "YYYY-MM-DD HH:MM".');
    const str = (n: string): string | undefined => (typeof flags[n] === 'string' ? (flags[n] as string) : undefined);
    if (flags.customer && (flags.name || flags.email)) throw new UsageError('Give --customer, or --name and --email, not both.');
    if (!flags.customer && !(flags.name && flags.email)) throw new UsageError('Give --customer <id|email>, or --name and --email as written on the entry.');
    let customerId: number | undefined;
    if (typeof flags.customer === 'string') {
      const c = await findCustomer(ctx.pool, flags.customer);
      if (!c) {
        out(`No customer ${flags.customer}.`);
        return 1;
      }
      customerId = c.id;
    }
    try {
      const by = operatorName(flags.by, ctx.operator);
      const mailer = createMailer(ctx.pool, ctx.smtpUrl);
      const { entry: e, mailsSent } = await takePostalEntry({ pool: ctx.pool, mailer, siteUrl: ctx.siteUrl ?? DEFAULT_SITE_URL }, {
        competitionId, customerId, fullName: str('name'), email: str('email'), town: str('town'), answer: str('answer'),
        dateOfBirth, receivedAt: received, recordedBy: by, now: (ctx.now ?? (() => new Date()))(), audit: { staffId: null, actor: `cli:${by}` },
      });
      out(`Recorded postal entry #${e.entryId} for ${e.fullName} <${e.email}>${e.customerId ? ` (customer #${e.customerId})` : ''}: ticket ${e.ticketNumber} in competition ${competitionId}.`);
      for (const w of e.instantWins) out(`Instant win: ticket ${w.ticket_number} wins ${w.prize_title} (£${w.prize_value}), award #${w.win_id}.`);
      if (e.rewardWinsFired > 0) out(`This ticket crossed ${e.rewardWinsFired} reward-win milestone(s); their winners were drawn among all entries.`);
      if (e.instantWins.length > 0 || e.rewardWinsFired > 0) {
        out(`Winner mail(s) sent: ${mailsSent}.${e.customerId === null && e.instantWins.length > 0 ? ' No account: settle the prize with cli postal-wins.' : ''}`);
      }
      return 0;
    } catch (err) {
      if (err instanceof PostalEntryRefused) {
        out(`Not recorded: ${err.message}`);
        return 1;
      }
      throw err;
    }
  },
};
