import { createHmac, timingSafeEqual } from 'node:crypto';

/*
 * The demo provider signs its webhooks as Stripe does (`t=<unix seconds>,v1=<hex HMAC-SHA256 of
 * "t.body">`), so the webhook route treats both alike: a forged body or signature, or a delivery
 * older than the tolerance (a replay of an old capture), is refused.
 */
export const SIGNATURE_HEADER = 'demo-pay-signature';
export const TOLERANCE_SECONDS = 300;

const hmac = (secret: string, t: number, body: string): string => createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');

export function signDemoPayload(secret: string, body: string, now: Date): string {
  const t = Math.floor(now.getTime() / 1000);
  return `t=${t},v1=${hmac(secret, t, body)}`;
}

/** True when `header` signs `body` with `secret` within the tolerance of `now`. */
export function demoSignatureValid(secret: string, body: string, header: string | undefined, now: Date): boolean {
  if (!header) return false;
  const parts = new Map(header.split(',').map((p) => p.split('=', 2) as [string, string]));
  const t = Number(parts.get('t'));
  const v1 = parts.get('v1') ?? '';
  if (!Number.isInteger(t) || Math.abs(now.getTime() / 1000 - t) > TOLERANCE_SECONDS) return false;
  const expected = Buffer.from(hmac(secret, t, body), 'hex');
  const given = Buffer.from(v1, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
