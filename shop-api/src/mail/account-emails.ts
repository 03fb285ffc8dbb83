import { escapeHtml } from './escape-html.ts';
import type { MailMessage } from './mailer.ts';

/** The link the front end's /auth/reset/password screen reads (`key` and `login` query parameters). */
export function resetLink(siteUrl: string, key: string, email: string): string {
  const query = new URLSearchParams({ key, login: email });
  return `${siteUrl.replace(/\/+$/, '')}/auth/reset/password?${query.toString()}`;
}

/** `key`: the link's key, which leaves the stored copy once the mail is sent (MailMessage.keys). */
export function passwordResetEmail(to: string, firstName: string, link: string, key: string): MailMessage {
  const hello = firstName ? `Hi ${firstName},` : 'Hi,';
  return {
    to,
    subject: 'Reset your CGG Competitions password',
    text: `${hello}\n\nSomeone asked to reset the password of your CGG Competitions account. If it was you, open this link within an hour:\n\n${link}\n\nIf it was not you, ignore this email: your password stays as it is.\n`,
    html: `<p>${escapeHtml(hello)}</p><p>Someone asked to reset the password of your CGG Competitions account. If it was you, open this link within an hour:</p><p><a href="${escapeHtml(link)}">Reset my password</a></p><p>If it was not you, ignore this email: your password stays as it is.</p>`,
    keys: [key],
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

/** To the OLD address when an account's email changes (as WordPress does): a change the customer did not make is seen. */
export function emailChangedEmail(to: string, firstName: string, newEmail: string): MailMessage {
  const hello = firstName ? `Hi ${firstName},` : 'Hi,';
  const said = `The email address of your CGG Competitions account was just changed to ${newEmail}. From now on we write to that address, and you sign in with it. If you did not do this, contact us at once.`;
  return {
    to,
    subject: 'Your CGG Competitions email address was changed',
    text: `${hello}\n\n${said}\n`,
    html: `<p>${escapeHtml(hello)}</p><p>${escapeHtml(said)}</p>`,
  };
}
