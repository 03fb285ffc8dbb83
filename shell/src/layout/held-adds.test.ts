import { emit, on } from '@cgg/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ADDING_MESSAGE, BASKET_DOWN_MESSAGE, watchHeldAdds, whileBasketDown } from './held-adds.ts';

const add = (title: string) => emit('cart:add-requested', { competitionId: 1, productId: 11, quantity: 1, title });
const stops: Array<() => void> = [];
let toasts: ReturnType<typeof vi.fn<(toast: unknown) => void>>;
let dismissed: ReturnType<typeof vi.fn<(dismiss: unknown) => void>>;

beforeEach(() => {
  toasts = vi.fn<(toast: unknown) => void>();
  dismissed = vi.fn<(dismiss: unknown) => void>();
  stops.push(on('shell:toast', toasts), on('shell:toast-dismiss', dismissed), watchHeldAdds());
});
afterEach(() => stops.splice(0).forEach((stop) => stop()));

describe('adds held for the basket', () => {
  it('says "Adding to your basket..." while an add waits, and stops once the basket has it', () => {
    add('Tesla');
    expect(toasts.mock.calls).toEqual([[{ variant: 'loading', message: ADDING_MESSAGE, id: 'shell:held-add' }]]);
    const basket = vi.fn();
    stops.push(on('cart:add-requested', basket));
    expect(basket.mock.calls.map(([p]) => p.title)).toEqual(['Tesla']);
    expect(dismissed.mock.calls).toEqual([[{ id: 'shell:held-add' }]]);
    // The basket hears the next add itself: nothing held, nothing said by the shell.
    add('Cash');
    expect(toasts).toHaveBeenCalledTimes(1);
  });

  it('while the basket is down: says nothing was added, for adds held before and after, and drops them', () => {
    const settled = vi.fn();
    stops.push(on('cart:add-settled', settled));
    add('Tesla');
    const stopDown = whileBasketDown();
    stops.push(stopDown);
    expect(toasts.mock.calls.at(-1)).toEqual([{ variant: 'error', message: BASKET_DOWN_MESSAGE, id: 'shell:held-add' }]);
    add('Cash');
    expect(toasts.mock.calls.at(-1)).toEqual([{ variant: 'error', message: BASKET_DOWN_MESSAGE, id: 'shell:held-add' }]);
    // The page that asked offers Add again, for each add dropped.
    expect(settled.mock.calls).toEqual([[{ competitionId: 1, added: false }], [{ competitionId: 1, added: false }]]);
    // The basket back: the requests the shopper was told had failed are not carried out.
    stopDown();
    const basket = vi.fn();
    stops.push(on('cart:add-requested', basket));
    expect(basket).not.toHaveBeenCalled();
  });
});
