import type { AgeVerifier } from './age-verifier.ts';

/** The local adapter (AGE_VERIFIER=none, the default): no identity provider; the stated date of birth is the check. */
export const noAgeVerifier: AgeVerifier = {
  name: 'none',
  check: async () => ({ outcome: 'not-checked' }),
};
