/**
 * What never reaches a log line (issue 18): tokens, passwords, one-time / claim / reset codes,
 * email addresses, bank account numbers and sort codes, card numbers. Two layers, because a
 * secret can arrive either way:
 * - by its key, anywhere in a logged object (`redactValue`): `{ token }`, `{ input: { email } }`;
 * - by its look, inside any string, the message included (`redactText`): a pg error that quotes
 *   `Key (email)=(a@b.example)`, a URL's `?token=`, a `Bearer ...`, a 16-digit card number.
 * lib/logger.ts applies both to every line.
 */

const MASK = '[redacted]';

/** Keys whose value is a secret or personal, whatever it holds (lower-cased, `-` as `_`). */
const SECRET_KEY =
  /^(authorization|proxy_authorization|cookie|set_cookie|cart_token|nonce|x_wc_store_api_nonce|idempotency_key|token|\w*_token|access_?token|refresh_?token|password\w*|secret|\w*_secret|key|\w*_key|otp\w*|totp\w*|recovery_codes|one_time_code|\w+_code|card_number|card_cvc|cvc|card_expiry|account_number|sort_code|iban|\w*email\w*|to|reply_?to)$/;
/** Keys that name an error or a currency, not a secret, though they end in `_code` or are `code`. */
const NOT_SECRET = /^(currency_code|status_code|error_code|http_code|cache_key)$/;

/** `code` is a one-time / claim / reset code in a payload, but an error's code (`ECONNREFUSED`, `23505`) under `err`. */
function isSecretKey(key: string, parent: string | undefined): boolean {
  const k = key.toLowerCase().replace(/-/g, '_');
  if (k === 'code') return parent !== 'err' && parent !== 'error';
  return SECRET_KEY.test(k) && !NOT_SECRET.test(k);
}

const TEXT_PATTERNS: Array<[RegExp, string]> = [
  // `token=...`, `password_1=...`, `code=...` in a URL, a form body or a message.
  [/\b(token|\w+_token|password\w*|account_number|sort_code|code|\w+_code|key|\w+_key|secret|nonce|\w*email\w*|login)=[^&#\s"',;)]+/gi, `$1=${MASK}`],
  // `Bearer abc.def`, `Basic ...` (a header quoted in a message).
  [/\b(Bearer|Basic)\s+[^\s"',;]+/gi, `$1 ${MASK}`],
  [/[^\s@<>()"',;:=[\]/]+@[^\s@<>()"',;:=[\]/]+\.[a-z]{2,}/gi, '[redacted email]'],
  // Card numbers: 13-19 digits, spaced or dashed in groups.
  [/(?<![\w-])\d(?:[ -]?\d){12,18}(?![\w-])/g, '[redacted card]'],
  // UK sort codes (12-34-56) and account numbers (8 digits standing alone).
  [/(?<![\w-])\d{2}-\d{2}-\d{2}(?![\w-])/g, '[redacted sort code]'],
  [/(?<![\w.-])\d{8}(?![\w.-])/g, '[redacted account number]'],
];

/** A string safe to log: emails, bearer values, `secret=` values, card and bank numbers masked. */
export function redactText(text: string): string {
  let out = text;
  for (const [pattern, replacement] of TEXT_PATTERNS) out = out.replace(pattern, replacement);
  return out;
}

/** A URL safe to log: values of token, password, code and bank-detail parameters are masked (and any email in it). */
export function redactUrl(url: string): string {
  return redactText(url);
}

/**
 * A copy of a value to log with every secret key's value masked and every string cleaned by
 * `redactText`. Class instances (a request, an error) are left to the logger's serializers (which clean what they make);
 * cycles and depth are bounded so a log call can never hang.
 */
export function redactValue(value: unknown, parent?: string, depth = 0, seen = new WeakSet<object>()): unknown {
  if (typeof value === 'string') return redactText(value);
  if (value === null || typeof value !== 'object') return value;
  // Only plain data is walked: a request, an answer or an error object goes to its serializer as it is.
  const proto = Object.getPrototypeOf(value) as unknown;
  if (!Array.isArray(value) && proto !== Object.prototype && proto !== null) return value;
  if (depth > 8 || seen.has(value)) return '[too deep]';
  seen.add(value);
  if (Array.isArray(value)) return value.map((v) => redactValue(v, parent, depth + 1, seen));
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    // The request id is the line's key to everything else: checked plain when made (request-id.ts), never rewritten.
    if (key === 'reqId') out[key] = v;
    else out[key] = v !== null && v !== undefined && v !== '' && isSecretKey(key, parent) ? MASK : redactValue(v, key, depth + 1, seen);
  }
  return out;
}
