import { DEMO_CARDS, TEST_PAYMENT_METHODS } from '@cgg/contracts/store';
import type { CardRefusalReason } from '@cgg/contracts/forms';
import type { FundingType } from '../payment-gateway.ts';

/*
 * The demo provider's test cards: the numbers payment providers publish (Stripe's), and what
 * each does when charged. Any other number passing the Luhn check pays as a debit card (most UK
 * cards are). Declines happen when the card is charged, not when it is entered, as with Stripe.
 */

/** What a card does when charged: pays, asks for 3-D Secure, or is declined with this code. */
export type CardBehaviour = 'pays' | 'three_d_secure' | 'card_declined' | 'insufficient_funds';

export interface DemoCard {
  brand: string;
  last4: string;
  funding: FundingType;
  behaviour: CardBehaviour;
}

const BY_NUMBER: Record<string, Omit<DemoCard, 'last4' | 'brand'>> = {
  [DEMO_CARDS.credit]: { funding: 'credit', behaviour: 'pays' },
  [DEMO_CARDS.debit]: { funding: 'debit', behaviour: 'pays' },
  [DEMO_CARDS.prepaid]: { funding: 'prepaid', behaviour: 'pays' },
  [DEMO_CARDS.threeDSecure]: { funding: 'debit', behaviour: 'three_d_secure' },
  [DEMO_CARDS.declined]: { funding: 'debit', behaviour: 'card_declined' },
  [DEMO_CARDS.insufficientFunds]: { funding: 'debit', behaviour: 'insufficient_funds' },
};

const brandOf = (number: string): string => (number.startsWith('4') ? 'visa' : /^5[1-5]/.test(number) ? 'mastercard' : 'unknown');

/** A typed card (digits only, already checked) as the provider sees it. */
export function demoCardOf(number: string): DemoCard {
  const known = BY_NUMBER[number] ?? { funding: 'debit', behaviour: 'pays' };
  return { ...known, brand: brandOf(number), last4: number.slice(-4) };
}

/** Stripe's test payment method ids, which its test mode takes without a card field: the demo provider takes them too. */
export const TEST_METHOD_CARDS: Record<string, string> = {
  [TEST_PAYMENT_METHODS.credit]: DEMO_CARDS.credit,
  [TEST_PAYMENT_METHODS.debit]: DEMO_CARDS.debit,
  [TEST_PAYMENT_METHODS.prepaid]: DEMO_CARDS.prepaid,
  [TEST_PAYMENT_METHODS.threeDSecure]: DEMO_CARDS.threeDSecure,
  [TEST_PAYMENT_METHODS.declined]: DEMO_CARDS.declined,
  [TEST_PAYMENT_METHODS.insufficientFunds]: DEMO_CARDS.insufficientFunds,
};

/** The customer's words for each decline, the provider's own (Stripe's). */
export const DECLINE_MESSAGES: Record<string, string> = {
  card_declined: 'Your card was declined.',
  insufficient_funds: 'Your card has insufficient funds.',
  authentication_failed: 'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
};

/** The card field's refusals, the provider's own words (Stripe's), by the contracts' reason. */
export const CARD_FIELD_MESSAGES: Record<CardRefusalReason, string> = {
  invalid_number: 'Your card number is incorrect.',
  invalid_expiry: "Your card's expiration date is incorrect.",
  expired_card: 'Your card has expired.',
  invalid_cvc: "Your card's security code is incorrect.",
};
