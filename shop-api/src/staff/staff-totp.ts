import { generateSecret, generateURI, verify } from 'otplib';

/*
 * The staff's second factor: time-based one-time codes (RFC 6238, 30-second steps, 6
 * digits), as every authenticator app makes them, through otplib (a well-kept
 * implementation, constant-time comparison). A code is accepted for the current step or the
 * one before (a phone's clock a little behind), and only for a step later than the last one
 * accepted for that staff member, so a code seen over a shoulder cannot be used again.
 */

export const newTotpSecret = (): string => generateSecret();

export const totpUri = (email: string, secret: string): string => generateURI({ issuer: 'CGG Competitions back office', label: email, secret });

/** The time step the code belongs to, or null when it is wrong, stale or already used. */
export async function acceptTotp(secret: string, code: string, now: Date, lastStep: number | null): Promise<number | null> {
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(now.getTime() / 1000),
    epochTolerance: [30, 0],
    ...(lastStep !== null ? { afterTimeStep: lastStep } : {}),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}
