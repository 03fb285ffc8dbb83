import { complaintCategoryLabels, complaintPolicy, type ComplaintCategory } from '@cgg/contracts/complaints';
import type { MailMessage } from '../mail/mailer.ts';

const londonDay = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', day: 'numeric', month: 'long', year: 'numeric' });

const adrLines = (): string[] => [
  `If you are not happy with our final answer, you can take your complaint to ${complaintPolicy.adr.name}, ${complaintPolicy.adr.about}`,
  `You can reach them at ${complaintPolicy.adr.website}. Please do so within ${complaintPolicy.escalateWithinMonths} months of our final answer, and quote your reference.`,
];

/** Sent as soon as a complaint is filed: we have it, its reference, and when the final answer comes at the latest. */
export function complaintAcknowledgementEmail(a: { to: string; name: string; reference: string; category: ComplaintCategory; details: string; answerDue: Date; siteUrl: string }): MailMessage {
  const text = [
    `Hi ${a.name},`,
    '',
    `Thank you for telling us. We have received your complaint and its reference is ${a.reference}.`,
    '',
    `A member of our team will look into it and send you our final answer by ${londonDay.format(a.answerDue)} at the latest (within ${complaintPolicy.answerWithinDays} days).`,
    'If we need anything else from you, we will email you. To add something, reply to this email and quote your reference.',
    '',
    `What it is about: ${complaintCategoryLabels[a.category]}`,
    'What you told us:',
    a.details,
    '',
    ...adrLines(),
    '',
    `Our complaints procedure: ${a.siteUrl.replace(/\/+$/, '')}/complaints`,
    '',
    'CGG Competitions',
  ].join('\n');
  return { to: a.to, subject: `We have received your complaint (${a.reference})`, text };
}

/** Our answer, word for word as staff wrote it, with where to go if the customer is not satisfied. */
export function complaintAnswerEmail(a: { to: string; name: string; reference: string; answer: string }): MailMessage {
  const text = [
    `Hi ${a.name},`,
    '',
    `This is our answer to your complaint ${a.reference}.`,
    '',
    a.answer,
    '',
    ...adrLines(),
    '',
    'CGG Competitions',
  ].join('\n');
  return { to: a.to, subject: `Our answer to your complaint (${a.reference})`, text };
}
