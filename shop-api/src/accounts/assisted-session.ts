import { WpHttpError } from '../http/wp-error.ts';

/**
 * What a session support opened as the customer (login-as-user, sessions.ts ASSISTED_SESSION_MS)
 * may not do: what only the customer may, because it moves their money or their account's keys -
 * changing the email or password (either hands the account over), reading or changing the bank
 * details, claiming a prize (where the money goes), placing an order, and the choices the UK code
 * leaves to the customer (their date of birth and limit choice, their limits and breaks: support
 * sets a break through staff/customer_break, audited). Everything else (seeing
 * what they see, the basket, the account pages) works, which is what support signs in for.
 */
export function refuseWhileAssisted(session: { assistedUntil: Date | null }): void {
  if (session.assistedUntil) {
    throw new WpHttpError(403, 'cgg_assisted_session', 'You are signed in as this customer by our support team, so this is not allowed: only the customer can do it.');
  }
}
