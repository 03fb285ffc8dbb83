import type { MailMessage } from '../mail/mailer.ts';
import { penceToPounds } from '../lib/money.ts';

/** The winner's mail: what they won, the ticket, how to claim, and where the proof is. */
export function drawWinnerEmail(a: {
  to: string; firstName: string; title: string; ticket: number; prizePence: number; siteUrl: string;
  /** A free postal entry by someone without an account: nothing to claim online, the operator arranges it (cli postal-wins). */
  postalEntryWithoutAccount?: number;
}): MailMessage {
  const claim = `${a.siteUrl}/claim/prize`;
  const results = `${a.siteUrl}/draw/results`;
  const text = [
    `Congratulations ${a.firstName || 'there'}!`,
    '',
    `Your ticket ${a.ticket} has won the draw for ${a.title} (prize value £${penceToPounds(a.prizePence)}).`,
    '',
    a.postalEntryWithoutAccount === undefined
      ? `Claim your prize here: ${claim}`
      : `Our team will contact you at this email address to arrange your prize. Please quote postal entry #${a.postalEntryWithoutAccount}.`,
    `The draw's proof (seed, commitment and entry list) is on ${results}.`,
    '',
    'CGG Competitions',
  ].join('\n');
  return { to: a.to, subject: `You won: ${a.title}`, text };
}
