import { describe, expect, it } from 'vitest';
import { makeCart, makeCartItem, makeCompetition } from '../test/fixtures.ts';
import { mockShop } from '../test/mock-shop.ts';
import { storeNonce } from '../storage/nonce-cache.ts';
import { applyCart, refreshCartLines } from './cart-actions.ts';
import { cartItemsAtom, cartStore, cartTotalsAtom } from './cart-store.ts';

const tesla = makeCompetition({ id: 11, title: 'Win a Tesla' });
const quantities = () => cartStore.get(cartItemsAtom).map((i) => i.quantity);

describe('refreshing the basket lines (GET cart/items)', () => {
  it('replaces the lines and derives the totals from them, discounts included', async () => {
    applyCart(makeCart([makeCartItem(tesla, 2)], { coupon: 'welcome1', discountPence: 100 }));
    storeNonce('nonce-cached');
    const discounted = makeCartItem(tesla, 3);
    const api = mockShop({ 'store:GET /cart/items': [{ ...discounted, quantity: '3', totals: { ...discounted.totals, line_total: '497' } }] });
    await refreshCartLines();
    expect(api.routes()).toEqual(['store:GET /cart/items']);
    expect(api.last('store:GET /cart/items')?.headers.get('Nonce')).toBe('nonce-cached');
    expect(quantities()).toEqual([3]);
    expect(cartStore.get(cartTotalsAtom)).toMatchObject({ total_items: '597', total_discount: '100', total_price: '497', currency_code: 'GBP' });
  });

  it('without a fresh nonce, renews it with a cart read, whose answer is the basket (no items call)', async () => {
    applyCart(makeCart([makeCartItem(tesla, 2)]));
    const api = mockShop({ 'store:GET /cart': makeCart([makeCartItem(tesla, 4)]) });
    await refreshCartLines();
    expect(api.routes()).toEqual(['store:GET /cart']);
    expect(quantities()).toEqual([4]);
  });

  it('never undoes a whole-cart answer that arrived while the lines were on their way', async () => {
    applyCart(makeCart([makeCartItem(tesla, 2)]));
    storeNonce('nonce-cached');
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const api = mockShop({});
    api.fetchMock.mockImplementationOnce(async () => {
      await gate;
      return new Response(JSON.stringify([makeCartItem(tesla, 1)]), { status: 200, headers: { 'Content-Type': 'application/json' } });
    });
    const refresh = refreshCartLines();
    // An update-item answer (the whole cart) lands first.
    applyCart(makeCart([makeCartItem(tesla, 5)]));
    release();
    await refresh;
    expect(quantities()).toEqual([5]);
  });
});
