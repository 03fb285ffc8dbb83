import { describe, expect, it, vi } from 'vitest';
import { STORE_ERRORS, storeCartItemSchema, storeRequest, storeUrl } from './store.ts';
import { ApiError } from './wp-error.ts';

const emptyCart = {
  items: [],
  coupons: [],
  totals: {
    total_items: '0', total_items_tax: '0', total_discount: '0', total_discount_tax: '0', total_shipping: null,
    total_tax: '0', total_price: '0', currency_code: 'GBP', currency_symbol: '£', currency_minor_unit: 2,
    currency_decimal_separator: '.', currency_thousand_separator: ',', currency_prefix: '£', currency_suffix: '',
  },
  items_count: 0,
  needs_payment: false,
  needs_shipping: false,
  errors: [],
};

describe('storeRequest', () => {
  it('addresses the Store API through rest_route', () => {
    expect(storeUrl('/cart/add-item')).toBe('/?rest_route=/wc/store/v1/cart/add-item');
  });

  it('sends Nonce, Cart-Token and the customer bearer; returns the fresh headers', async () => {
    const fetchImpl = vi.fn(async () => new Response(JSON.stringify(emptyCart), {
      status: 200,
      headers: { 'Content-Type': 'application/json', Nonce: 'n2', 'Nonce-Timestamp': '1700000000', 'Cart-Token': 'ct2' },
    }));
    const result = await storeRequest('addItem', { id: 5, quantity: 2 }, { fetchImpl, nonce: 'n1', cartToken: 'ct1', customerToken: 'tok' });
    const [url, init] = fetchImpl.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/?rest_route=/wc/store/v1/cart/add-item');
    expect(init.method).toBe('POST');
    expect(init.headers).toMatchObject({ Nonce: 'n1', 'Cart-Token': 'ct1', Authorization: 'Bearer tok' });
    // The spec's add-item carries the nonce and the cart token in its body too.
    expect(JSON.parse(String(init.body))).toEqual({ id: 5, quantity: 2, nonce: 'n1', cart_header: 'ct1' });
    expect(result).toMatchObject({ nonce: 'n2', nonceTimestamp: 1700000000, cartToken: 'ct2', status: 200 });
    expect(result.body.items_count).toBe(0);
  });

  it("other writes keep WooCommerce's body; a cart token only in add-item's answer body is kept", async () => {
    const fetchImpl = vi.fn(async () => new Response(JSON.stringify({ ...emptyCart, cart_header: 'ct-body' }), { status: 200, headers: { 'Content-Type': 'application/json' } }));
    const added = await storeRequest('addItem', { id: 5, quantity: 1 }, { fetchImpl, nonce: 'n1' });
    expect(added.cartToken).toBe('ct-body');
    await storeRequest('updateItem', { key: 'k1', quantity: 2 }, { fetchImpl, nonce: 'n1', cartToken: 'ct1' });
    const [, init] = fetchImpl.mock.calls[1] as unknown as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toEqual({ key: 'k1', quantity: 2 });
  });

  it('throws the WooCommerce error with its data (the cart on 409)', async () => {
    const body = { code: STORE_ERRORS.invalidKey.code, message: STORE_ERRORS.invalidKey.message, data: { status: 409, cart: emptyCart } };
    const fetchImpl = vi.fn(async () => new Response(JSON.stringify(body), { status: 409 }));
    const error = await storeRequest('removeItem', { key: 'k' }, { fetchImpl }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'woocommerce_rest_cart_invalid_key', status: 409, data: { cart: { items_count: 0 } } });
  });

  it('refuses a drifted answer', async () => {
    const fetchImpl = vi.fn(async () => new Response(JSON.stringify({ items: 'x' }), { status: 200 }));
    await expect(storeRequest('cart', undefined, { fetchImpl })).rejects.toMatchObject({ code: 'invalid_response' });
  });
});

describe('cart item quantity', () => {
  const quantityOf = (quantity: unknown) => storeCartItemSchema.shape.quantity.safeParse(quantity);

  it("reads the spec's text and WooCommerce's number alike, as a number", () => {
    expect(quantityOf('3')).toMatchObject({ success: true, data: 3 });
    expect(quantityOf(3)).toMatchObject({ success: true, data: 3 });
  });

  it('refuses what is not a whole number of tickets', () => {
    for (const bad of ['3.5', '', '-1', 'three', 2.5, -1, null]) expect(quantityOf(bad).success).toBe(false);
  });
});

