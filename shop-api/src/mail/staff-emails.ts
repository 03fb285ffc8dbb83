import { escapeHtml } from './escape-html.ts';
import type { MailMessage } from './mailer.ts';

export interface StaffPasswordLinkMail {
  to: string;
  name: string;
  /** 'invite': an admin added them; 'reset': an admin reset their lost sign-in. */
  purpose: 'invite' | 'reset';
  /** The admin who did it, by name. */
  by: string;
  link: string;
  /** The link's key, which leaves the stored copy once the mail is sent (MailMessage.keys). */
  key: string;
  /** Where the back office is, to sign in once the password is chosen. */
  signInUrl: string;
  days: number;
}

/** A staff member's link to choose their own password (src/staff/staff-password-links.ts). */
export function staffPasswordLinkEmail(m: StaffPasswordLinkMail): MailMessage {
  const hello = `Hi ${m.name},`;
  const what = m.purpose === 'invite'
    ? `${m.by} has added you to the CGG Competitions back office.`
    : `${m.by} has reset your CGG Competitions back-office sign-in: your authenticator app and recovery codes no longer work, and you have been signed out everywhere.`;
  const choose = `Choose your password with this link within ${m.days} days (it works once):`;
  const then = `Then sign in at ${m.signInUrl} with your email address and that password, and set up an authenticator app for your sign-in codes.`;
  const unexpected = m.purpose === 'invite'
    ? 'If you were not expecting this, ignore this email.'
    : 'If you did not ask for this, tell another admin at once.';
  return {
    to: m.to,
    subject: m.purpose === 'invite' ? 'Choose your password for the CGG Competitions back office' : 'Your CGG Competitions back-office sign-in was reset',
    text: `${hello}\n\n${what} ${choose}\n\n${m.link}\n\n${then}\n\n${unexpected}\n`,
    html: `<p>${escapeHtml(hello)}</p><p>${escapeHtml(what)} ${escapeHtml(choose)}</p><p><a href="${escapeHtml(m.link)}">Choose my password</a></p><p>${escapeHtml(then)}</p><p>${escapeHtml(unexpected)}</p>`,
    keys: [m.key],
  };
}
