import { cardNumberDigits, passesLuhn } from '@cgg/contracts/forms';
import { demoChallengeSchema, demoPaymentMethodSchema } from '@cgg/contracts/demo-pay';
import { demoPaymentConfig } from './fixtures.ts';

/** The provider's own error shape (contracts `demoPayErrorSchema`). */
const cardError = (code: string, message: string) => ({ status: 402, body: { error: { type: 'card_error', code, message } } });

/**
 * The demo payment provider's browser API and the payment-config naming it (and no held order), as mock-shop
 * routes: a well-formed card answers `pm_demo_<last4>`, a number failing Luhn the provider's
 * refusal; the challenge of `intent` shows £5.97 on the card ending 3184.
 */
export function demoProvider(intent = 'pi_demo_1') {
  return {
    'store:GET /cgg/payment-config': demoPaymentConfig,
    // No order waiting for its payment as the checkout opens (held-order.test.tsx has one).
    'store:GET /cgg/held-order': { order: null, lines: [], released: null },
    'demo-pay:POST /payment_methods': (body: Record<string, unknown>) => {
      const digits = cardNumberDigits(String(body.card_number));
      if (!passesLuhn(digits)) return cardError('invalid_number', 'Your card number is incorrect.');
      const last4 = digits.slice(-4);
      return demoPaymentMethodSchema.parse({ id: `pm_demo_${last4}`, card: { brand: 'visa', last4, funding: 'debit', exp_month: 12, exp_year: 2030 } });
    },
    [`demo-pay:GET /payment_intents/${intent}/challenge`]: demoChallengeSchema.parse({ id: intent, status: 'requires_action', amount: 597, currency: 'gbp', last4: '3184' }),
    [`demo-pay:POST /payment_intents/${intent}/challenge`]: (body: Record<string, unknown>) => ({
      id: intent,
      status: body.outcome === 'complete' ? 'processing' : 'requires_payment_method',
    }),
  };
}
