import type pg from 'pg';
import type { BackgroundWork } from '../lib/background-work.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { RateLimits } from '../http/rate-limits.ts';
import type { AgeVerifier } from './age-verifier.ts';

/** What the account calls need; `now` is injectable so tests can move the clock. */
export interface AccountDeps {
  pool: pg.Pool;
  now: () => Date;
  mailer: Mailer;
  /** Absolute site origin for links in emails, e.g. http://localhost:3000. */
  siteUrl: string;
  /** Work the answer must not wait for (forgot_password's lookup and mail: same time for any email). */
  background: BackgroundWork;
  /** Sign-in, sign-up and password reset limits (http/rate-limits.ts). */
  limits: RateLimits;
  /** Confirms a new customer's age (UK code 1.1); `none` locally. */
  ageVerifier: AgeVerifier;
}
