import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CardFieldHandle } from '../payment/card-field.ts';
import { makeCart, makeCheckoutResponse, makePendingCheckout } from '../test/fixtures.ts';
import { mockShop, wpError } from '../test/mock-shop.ts';
import { ChallengeNotFinished, CheckoutLeft, NoChallengeField, settlePayment, STATUS_POLL_MS, type PaymentWatch } from './card-payment.ts';

/*
 * settlePayment's waits, on a fake clock (the page's own tests would wait these seconds in real
 * time): a challenge whose field never loads stops after five status checks; one whose field
 * loads while it waits runs in it; the API's "asked too often" is waited out, but not for ever,
 * and not after the customer has left.
 */

const fresh = (): PaymentWatch => ({ expired: false, challenged: new Set() });
const returns = (api: ReturnType<typeof mockShop>) => api.routes().filter((r) => r === 'store:POST /cgg/checkout-return').length;

afterEach(() => {
  vi.useRealTimers();
});

describe('a challenge waiting for the provider field', () => {
  it('stops after five status checks when the field never loads, saying why', async () => {
    vi.useFakeTimers();
    const api = mockShop({ 'store:GET /cart': makeCart([]), 'store:POST /cgg/checkout-return': () => makePendingCheckout('requires_action') });
    const settling = settlePayment(makePendingCheckout('requires_action'), { current: null }, { onPending: () => undefined, watch: fresh() });
    const refused = expect(settling).rejects.toThrow(new NoChallengeField().message);
    await vi.advanceTimersByTimeAsync(STATUS_POLL_MS * 4);
    expect(returns(api)).toBe(4);
    await vi.advanceTimersByTimeAsync(STATUS_POLL_MS * 3);
    await refused;
    expect(returns(api)).toBe(5);
  });

  it('runs the challenge in a field that loads while it waits, then follows the payment to paid', async () => {
    vi.useFakeTimers();
    let challenged = false;
    const api = mockShop({
      'store:GET /cart': makeCart([]),
      'store:POST /cgg/checkout-return': () => (challenged ? makeCheckoutResponse() : makePendingCheckout('requires_action')),
    });
    const field: { current: CardFieldHandle | null } = { current: null };
    const settling = settlePayment(makePendingCheckout('requires_action'), field, { onPending: () => undefined, watch: fresh() });
    await vi.advanceTimersByTimeAsync(STATUS_POLL_MS * 2);
    const handleNextAction = vi.fn(async () => {
      challenged = true;
    });
    field.current = { createPaymentMethod: vi.fn(), handleNextAction, cancelNextAction: vi.fn(), reset: vi.fn() };
    await vi.advanceTimersByTimeAsync(STATUS_POLL_MS * 2);
    await expect(settling).resolves.toMatchObject({ status: 'completed' });
    expect(handleNextAction).toHaveBeenCalledTimes(1);
    expect(returns(api)).toBeGreaterThanOrEqual(3);
  });
});

describe('a challenge shown and over while the provider still waits for it (closed, its answer lost)', () => {
  it('is said after three status checks, not left "placing" until the reservation runs out; the next press shows it again', async () => {
    vi.useFakeTimers();
    const api = mockShop({ 'store:GET /cart': makeCart([]), 'store:POST /cgg/checkout-return': () => makePendingCheckout('requires_action') });
    const handleNextAction = vi.fn(async () => undefined);
    const field = { current: { createPaymentMethod: vi.fn(), handleNextAction, cancelNextAction: vi.fn(), reset: vi.fn() } as CardFieldHandle };
    const settling = settlePayment(makePendingCheckout('requires_action'), field, { onPending: () => undefined, watch: fresh() });
    const refused = expect(settling).rejects.toThrow(new ChallengeNotFinished().message);
    await vi.advanceTimersByTimeAsync(STATUS_POLL_MS * 4);
    await refused;
    expect(handleNextAction).toHaveBeenCalledTimes(1);
    expect(returns(api)).toBe(4);
    // A new press (a fresh watch) shows the challenge again.
    const again = settlePayment(makePendingCheckout('requires_action'), field, { onPending: () => undefined, watch: fresh() });
    const refusedAgain = expect(again).rejects.toThrow(ChallengeNotFinished);
    await vi.advanceTimersByTimeAsync(STATUS_POLL_MS * 4);
    await refusedAgain;
    expect(handleNextAction).toHaveBeenCalledTimes(2);
  });

  it('once the reservation is over, follows the API to its answer instead', async () => {
    vi.useFakeTimers();
    let asks = 0;
    mockShop({
      'store:GET /cart': makeCart([]),
      'store:POST /cgg/checkout-return': () => (++asks < 6 ? makePendingCheckout('requires_action') : wpError(409, 'cgg_reservation_expired', 'Your tickets were held for 10 minutes and the time ran out. Your basket is as it was; please check out again.')),
    });
    const field = { current: { createPaymentMethod: vi.fn(), handleNextAction: vi.fn(async () => undefined), cancelNextAction: vi.fn(), reset: vi.fn() } as CardFieldHandle };
    const watch = fresh();
    watch.expired = true;
    watch.challenged.add(makePendingCheckout('requires_action').extensions.cgg.payment!.intent_id);
    const settling = settlePayment(makePendingCheckout('requires_action'), field, { onPending: () => undefined, watch });
    const expired = expect(settling).rejects.toMatchObject({ code: 'cgg_reservation_expired' });
    await vi.advanceTimersByTimeAsync(STATUS_POLL_MS * 7);
    await expired;
  });
});

const tooOften = () => wpError(429, 'rest_too_many_order_checks', 'You are checking your order too often. Please wait a minute and try again.', { retry_after: 30 });

describe('asked too often', () => {
  it('waits what the API asks, then asks again; three in a row are given up on (the order stands)', async () => {
    vi.useFakeTimers();
    const api = mockShop({ 'store:GET /cart': makeCart([]), 'store:POST /cgg/checkout-return': tooOften });
    const settling = settlePayment(makePendingCheckout('processing'), { current: null }, { onPending: () => undefined, watch: fresh() });
    const refused = expect(settling).rejects.toMatchObject({ status: 429, code: 'rest_too_many_order_checks' });
    await vi.advanceTimersByTimeAsync(STATUS_POLL_MS + 29_000);
    expect(returns(api)).toBe(1);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(returns(api)).toBe(2);
    await vi.advanceTimersByTimeAsync(31_000);
    await refused;
    expect(returns(api)).toBe(3);
  });

  it('stops waiting as soon as the customer leaves the checkout', async () => {
    vi.useFakeTimers();
    const api = mockShop({ 'store:GET /cart': makeCart([]), 'store:POST /cgg/checkout-return': tooOften });
    const watch = fresh();
    const settling = settlePayment(makePendingCheckout('processing'), { current: null }, { onPending: () => undefined, watch });
    const left = expect(settling).rejects.toBeInstanceOf(CheckoutLeft);
    await vi.advanceTimersByTimeAsync(STATUS_POLL_MS + 5_000);
    watch.left = true;
    await vi.advanceTimersByTimeAsync(STATUS_POLL_MS);
    await left;
    expect(returns(api)).toBe(1);
  });
});
