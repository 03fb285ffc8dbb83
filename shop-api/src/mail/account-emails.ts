import type { MailMessage } from './mailer.ts';

const escapeHtml = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The link the front end's /auth/reset/password screen reads (`key` and `login` query parameters). */
export function resetLink(siteUrl: string, key: string, email: string): string {
  const query = new URLSearchParams({ key, login: email });
  return `${siteUrl.replace(/\/+$/, '')}/auth/reset/password?${query.toString()}`;
}

export function passwordResetEmail(to: string, firstName: string, link: string): MailMessage {
  const hello = firstName ? `Hi ${firstName},` : 'Hi,';
  return {
    to,
    subject: 'Reset your CGG Competitions password',
    text: `${hello}\n\nSomeone asked to reset the password of your CGG Competitions account. If it was you, open this link within an hour:\n\n${link}\n\nIf it was not you, ignore this email: your password stays as it is.\n`,
    html: `<p>${escapeHtml(hello)}</p><p>Someone asked to reset the password of your CGG Competitions account. If it was you, open this link within an hour:</p><p><a href="${escapeHtml(link)}">Reset my password</a></p><p>If it was not you, ignore this email: your password stays as it is.</p>`,
  };
}

export function passwordChangedEmail(to: string, firstName: string): MailMessage {
  const hello = firstName ? `Hi ${firstName},` : 'Hi,';
  return {
    to,
    subject: 'Your CGG Competitions password was changed',
    text: `${hello}\n\nThe password of your CGG Competitions account was just changed and every other signed-in device was signed out. If you did not do this, reset your password now and contact us.\n`,
    html: `<p>${escapeHtml(hello)}</p><p>The password of your CGG Competitions account was just changed and every other signed-in device was signed out. If you did not do this, reset your password now and contact us.</p>`,
  };
}
