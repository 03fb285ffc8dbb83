import type { MailMessage } from '../mail/mailer.ts';
import { penceToPounds } from '../lib/money.ts';

/** The winner's mail: what they won, the ticket, how to claim, and where the proof is. */
export function drawWinnerEmail(a: { to: string; firstName: string; title: string; ticket: number; prizePence: number; siteUrl: string }): MailMessage {
  const claim = `${a.siteUrl}/claim/prize`;
  const results = `${a.siteUrl}/draw/results`;
  const text = [
    `Congratulations ${a.firstName || 'there'}!`,
    '',
    `Your ticket ${a.ticket} has won the draw for ${a.title} (prize value £${penceToPounds(a.prizePence)}).`,
    '',
    `Claim your prize here: ${claim}`,
    `The draw's proof (seed, commitment and entry list) is on ${results}.`,
    '',
    'CGG Competitions',
  ].join('\n');
  return { to: a.to, subject: `You won: ${a.title}`, text };
}
