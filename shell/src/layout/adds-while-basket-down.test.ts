import { emit, on } from '@cgg/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerAddsWhileBasketDown, BASKET_DOWN_MESSAGE } from './adds-while-basket-down.ts';

const add = (title: string) => emit('cart:add-requested', { competitionId: 1, productId: 11, quantity: 1, title });
const stops: Array<() => void> = [];
afterEach(() => stops.splice(0).forEach((stop) => stop()));

describe('adds while the basket is down', () => {
  it('tells the shopper nothing was added, for adds held before and after, and drops them', () => {
    const toasts = vi.fn();
    stops.push(on('shell:toast', toasts));
    add('Tesla');
    stops.push(answerAddsWhileBasketDown());
    expect(toasts.mock.calls).toEqual([[{ message: BASKET_DOWN_MESSAGE, variant: 'error' }]]);
    add('Cash');
    expect(toasts).toHaveBeenCalledTimes(2);
    // The basket that comes back later is not handed requests the shopper was told had failed.
    const basket = vi.fn();
    stops.push(on('cart:add-requested', basket));
    expect(basket).not.toHaveBeenCalled();
  });

  it('says nothing once stopped (the basket is back), and leaves a new add for the basket', () => {
    const toasts = vi.fn();
    stops.push(on('shell:toast', toasts));
    answerAddsWhileBasketDown()();
    add('Watch');
    expect(toasts).not.toHaveBeenCalled();
    const basket = vi.fn();
    stops.push(on('cart:add-requested', basket));
    expect(basket.mock.calls.map(([p]) => p.title)).toEqual(['Watch']);
  });
});
