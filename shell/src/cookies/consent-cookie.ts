/** Spec section 2 and 9: acceptance is remembered 7 days in cookie `cggcookie`. */
export const CONSENT_COOKIE = 'cggcookie';
export const CONSENT_DAYS = 7;

export function hasConsent(doc: Document = document): boolean {
  return doc.cookie.split(';').some((part) => part.trim().startsWith(`${CONSENT_COOKIE}=`));
}

export function rememberConsent(doc: Document = document, now: Date = new Date()): void {
  const maxAge = CONSENT_DAYS * 24 * 60 * 60;
  const expires = new Date(now.getTime() + maxAge * 1000).toUTCString();
  doc.cookie = `${CONSENT_COOKIE}=1; Max-Age=${maxAge}; Expires=${expires}; Path=/; SameSite=Lax`;
}
