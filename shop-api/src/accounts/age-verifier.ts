import type { Config } from '../config.ts';
import { noAgeVerifier } from './age-verifier-none.ts';

/*
 * UK prize-draw code 1.1: an identity provider may confirm a customer's age. Sign-up and
 * the checkout's date-of-birth prompt talk to this interface only; each provider is one
 * adapter file (today only `age-verifier-none.ts`, the local one, which checks nothing).
 * A real provider: a new `age-verifier-<name>.ts` implementing AgeVerifier, a case in
 * ageVerifierFor, and its name allowed in config.ts (AGE_VERIFIER).
 */

export interface AgeCheckRequest {
  firstName: string;
  lastName: string;
  email: string;
  /** 'YYYY-MM-DD', already checked to be 18 or over by the shop's own rule. */
  dateOfBirth: string;
}

export type AgeCheckResult =
  /** No provider asked (the local adapter): the customer's own date of birth stands. */
  | { outcome: 'not-checked' }
  | { outcome: 'verified'; reference: string }
  /** The provider could not confirm the age: the shop refuses and keeps nothing. */
  | { outcome: 'refused' };

export interface AgeVerifier {
  /** 'none', or the provider's name. */
  readonly name: string;
  /** Called before anything is stored; must not store or log the person's details itself beyond the provider's own call. */
  check(person: AgeCheckRequest, now: Date): Promise<AgeCheckResult>;
}

/** The configured age verifier (AGE_VERIFIER). */
export function ageVerifierFor(name: Config['ageVerifier']): AgeVerifier {
  switch (name) {
    case 'none':
      return noAgeVerifier;
  }
}
