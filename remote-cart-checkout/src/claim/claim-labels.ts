import type { ClaimOption, ClaimState } from '@cgg/contracts/account';
import type { PrizeNature } from '@cgg/contracts/forms';
import { formatPounds, poundsToPence } from '@cgg/contracts';

export const CLAIM_STATE_LABEL: Record<ClaimState, string> = {
  received: 'Claim received',
  processing: 'Being processed',
  fulfilled: 'Fulfilled',
};

/** How each offered choice reads on the page. */
export function optionLabel(option: ClaimOption, nature: PrizeNature): string {
  const amount = formatPounds(poundsToPence(option.amount));
  switch (option.choice) {
    case 'prize':
      return `The prize itself (worth ${amount}), delivered to you`;
    case 'cash':
      return nature === 'item' ? `Cash alternative: ${amount} paid to your bank account` : `Cash: ${amount} paid to your bank account`;
    case 'credit':
      return `Site credit: ${amount}, in your account at once`;
  }
}
