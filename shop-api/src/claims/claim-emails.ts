import type { MailMessage } from '../mail/mailer.ts';
import { penceToPounds } from '../lib/money.ts';

const CHOICE_LINE = {
  prize: (pounds: string) => `We will deliver your prize (value £${pounds}) to the address you confirmed.`,
  cash: (pounds: string) => `We will pay £${pounds} into the bank account you gave us.`,
  credit: (pounds: string) => `£${pounds} of site credit is already in your account, ready for your next tickets.`,
} as const;

/** The claim's confirmation: what was chosen and what happens next. Never the bank details. */
export function claimConfirmationEmail(a: {
  to: string; firstName: string; prizeTitle: string; competitionTitle: string; choice: keyof typeof CHOICE_LINE; amountPence: number; claimId: number; siteUrl: string;
}): MailMessage {
  const text = [
    `Hi ${a.firstName || 'there'},`,
    '',
    `We have received your claim #${a.claimId} for ${a.prizeTitle} (${a.competitionTitle}).`,
    CHOICE_LINE[a.choice](penceToPounds(a.amountPence)),
    '',
    `You can follow your claim in your account: ${a.siteUrl}/account`,
    '',
    'CGG Competitions',
  ].join('\n');
  return { to: a.to, subject: `Your prize claim: ${a.prizeTitle}`, text };
}

/** An instant or reward win, mailed after the order commits. */
export function winEmail(a: { to: string; firstName: string; kind: 'instant' | 'reward'; prizeTitle: string; competitionTitle: string; ticket: number; prizePence: number; siteUrl: string }): MailMessage {
  const how = a.kind === 'instant' ? `Your ticket ${a.ticket} is an instant winner` : `Your ticket ${a.ticket} has won a reward prize`;
  const text = [
    `Congratulations ${a.firstName || 'there'}!`,
    '',
    `${how} in ${a.competitionTitle}: ${a.prizeTitle} (value £${penceToPounds(a.prizePence)}).`,
    '',
    `Claim your prize here: ${a.siteUrl}/claim/prize`,
    '',
    'CGG Competitions',
  ].join('\n');
  return { to: a.to, subject: `You won: ${a.prizeTitle}`, text };
}

/**
 * A free postal entrant's win when they have no account: nothing to claim online, so
 * the operator contacts them (cli postal-wins) to arrange the prize.
 */
export function postalWinEmail(a: {
  to: string; firstName: string; kind: 'instant' | 'reward'; prizeTitle: string; competitionTitle: string; ticket: number; prizePence: number; postalEntryId: number; siteUrl: string;
}): MailMessage {
  const how = a.kind === 'instant' ? `The ticket of your free postal entry, ${a.ticket}, is an instant winner` : `The ticket of your free postal entry, ${a.ticket}, has won a reward prize`;
  const text = [
    `Congratulations ${a.firstName || 'there'}!`,
    '',
    `${how} in ${a.competitionTitle}: ${a.prizeTitle} (value £${penceToPounds(a.prizePence)}).`,
    '',
    `Our team will contact you at this email address to arrange your prize. Please quote postal entry #${a.postalEntryId}.`,
    `Questions: ${a.siteUrl}/contact`,
    '',
    'CGG Competitions',
  ].join('\n');
  return { to: a.to, subject: `You won: ${a.prizeTitle}`, text };
}

/**
 * A reminder to a winner who has not claimed, sent by an operator from the back office.
 * With an account: claim at /claim/prize, as the win mail said. A postal entrant without
 * one: reply so the team can arrange the prize, quoting the entry.
 */
export function winReminderEmail(a: {
  to: string; firstName: string; prizeTitle: string; competitionTitle: string; ticket: number; prizePence: number; siteUrl: string;
  /** Set for a postal entrant without an account. */
  postalEntryId: number | null;
}): MailMessage {
  const how = a.postalEntryId === null
    ? `Claim it here, it takes a minute: ${a.siteUrl}/claim/prize`
    : `Please reply to this email or contact us (${a.siteUrl}/contact) so we can arrange your prize, quoting postal entry #${a.postalEntryId}.`;
  const text = [
    `Hi ${a.firstName || 'there'},`,
    '',
    `A reminder: your ticket ${a.ticket} won ${a.prizeTitle} (value £${penceToPounds(a.prizePence)}) in ${a.competitionTitle}, and the prize is still waiting for you.`,
    '',
    how,
    '',
    'CGG Competitions',
  ].join('\n');
  return { to: a.to, subject: `Reminder: your prize ${a.prizeTitle} is waiting`, text };
}
