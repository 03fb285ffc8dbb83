import type pg from 'pg';
import { notifyPostalEntryWins } from '../claims/win-notifications.ts';
import type { Mailer } from '../mail/mailer.ts';
import { recordPostalEntry, type PostalEntryInput, type PostalEntryRecorded } from './postal-entry.ts';

/**
 * A free postal entry taken in, as the CLI and the back office both do it: recorded under the
 * purchase rules, then, after it has committed, any winner told by mail (a mail failure never
 * undoes the entry). Throws PostalEntryRefused, changing nothing, for an entry that is not valid.
 */
export async function takePostalEntry(deps: { pool: pg.Pool; mailer: Mailer; siteUrl: string }, input: PostalEntryInput): Promise<{ entry: PostalEntryRecorded; mailsSent: number }> {
  const entry = await recordPostalEntry(deps.pool, input);
  // A repeat (the same key again) is mailed too: only wins not yet told are taken, so a winner the
  // first request could not mail (it failed after its commit) is told now, and no one twice.
  const won = entry.instantWins.length > 0 || entry.rewardWinsFired > 0;
  const mailsSent = won ? await notifyPostalEntryWins({ pool: deps.pool, mailer: deps.mailer, siteUrl: deps.siteUrl.replace(/\/+$/, '') }, { entryId: entry.entryId, competitionId: input.competitionId }) : 0;
  return { entry, mailsSent };
}
