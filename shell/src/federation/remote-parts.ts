import type { RemoteName } from './exposed-modules.ts';

/**
 * How the site names each team's part when it is down: a shopper should learn which
 * part is missing, and that the rest of the site still works.
 */
export const remoteParts: Record<RemoteName, { label: string; unavailable: string }> = {
  catalogue: {
    label: 'competitions catalogue',
    unavailable: 'The competitions catalogue is unavailable right now. Please try again in a moment.',
  },
  cartCheckout: {
    label: 'basket and checkout',
    unavailable: 'The basket and checkout are unavailable right now. Please try again in a moment.',
  },
  account: {
    label: 'account area',
    unavailable: 'Your account area is unavailable right now. Please try again in a moment.',
  },
  backoffice: {
    label: 'back office',
    unavailable: 'The back office is unavailable right now. Please try again in a moment.',
  },
};
