import { createHmac, timingSafeEqual } from 'node:crypto';

/*
 * A minimal HS256 JWT (RFC 7519), enough for the Cart-Token: we only ever verify our
 * own tokens, so the header is fixed and anything else ("alg": "none", RS256...) is
 * refused by comparing the header segment byte for byte.
 */
const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

const sign = (key: Buffer, data: string): Buffer => createHmac('sha256', key).update(data).digest();

export function signJwt(key: Buffer, payload: Record<string, unknown>): string {
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${HEADER}.${body}.${sign(key, `${HEADER}.${body}`).toString('base64url')}`;
}

/** The payload when the signature is ours and `exp` (seconds) is in the future; otherwise null. */
export function verifyJwt(key: Buffer, token: string, nowSeconds: number): Record<string, unknown> | null {
  if (token.length > 2048) return null;
  const parts = token.split('.');
  if (parts.length !== 3 || parts[0] !== HEADER) return null;
  const [, body, signature] = parts as [string, string, string];
  if (!/^[A-Za-z0-9_-]+$/.test(signature)) return null;
  const given = Buffer.from(signature, 'base64url');
  const expected = sign(key, `${HEADER}.${body}`);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let payload: unknown;
  try {
    payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (payload === null || typeof payload !== 'object' || Array.isArray(payload)) return null;
  const exp = (payload as { exp?: unknown }).exp;
  if (typeof exp !== 'number' || exp <= nowSeconds) return null;
  return payload as Record<string, unknown>;
}
