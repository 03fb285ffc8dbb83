import { describe, expect, it } from 'vitest';
import { rewriteRestUrl } from './rest-addressing.ts';

const canonical = new Map([
  ['/wp-json/api/v1/getseosettings', '/wp-json/api/v1/getSEOSettings'],
  ['/wp-json/wc/store/v1/cart/items', '/wp-json/wc/store/v1/cart/items'],
]);

describe('rewriteRestUrl: the two WordPress addresses onto one route', () => {
  it('moves rest_route onto the /wp-json path and keeps the rest of the query byte for byte', () => {
    expect(rewriteRestUrl('/?rest_route=/wc/store/v1/cart/items&a=%E2%9C%93&b=1', canonical)).toBe('/wp-json/wc/store/v1/cart/items?a=%E2%9C%93&b=1');
    expect(rewriteRestUrl('/?x=1&rest_route=%2Fwc%2Fstore%2Fv1%2Fcart%2Fitems', canonical)).toBe('/wp-json/wc/store/v1/cart/items?x=1');
  });

  it('matches the declared route whatever the casing, and drops a trailing slash', () => {
    expect(rewriteRestUrl('/?rest_route=/api/v1/GETSEOSETTINGS/', canonical)).toBe('/wp-json/api/v1/getSEOSettings');
    expect(rewriteRestUrl('/WP-JSON/api/v1/getseosettings?page=home', canonical)).toBe('/wp-json/api/v1/getSEOSettings?page=home');
  });

  it('leaves an unknown route to the router (404) and anything else alone', () => {
    expect(rewriteRestUrl('/?rest_route=/api/v1/nope', canonical)).toBe('/wp-json/api/v1/nope');
    expect(rewriteRestUrl('/wp-content/uploads/a.png', canonical)).toBe('/wp-content/uploads/a.png');
    expect(rewriteRestUrl('/?page=2', canonical)).toBe('/?page=2');
    expect(rewriteRestUrl('/', canonical)).toBe('/');
  });

  it("escapes a path whose percent-escapes do not decode, so it reaches the router's 404", () => {
    expect(rewriteRestUrl('/wp-json/api/v1/getsettings%ZZ?a=%E2%9C%93', canonical)).toBe('/wp-json/api/v1/getsettings%25ZZ?a=%E2%9C%93');
    expect(rewriteRestUrl('/wp-content/uploads/%E0%A4%A.png', canonical)).toBe('/wp-content/uploads/%25E0%25A4%25A.png');
    expect(rewriteRestUrl('/wp-content/uploads/a%20b.png', canonical)).toBe('/wp-content/uploads/a%20b.png');
  });

  it('leaves a malformed or smuggling rest_route in place, for the bad-string guard or the 404', () => {
    for (const url of ['/?rest_route=%E0%A4%A', '/?rest_route=/api/v1/getsettings%00', '/?rest_route=/a%3Fb=1', '/?rest_route=api/v1/x']) {
      expect(rewriteRestUrl(url, canonical)).toBe(url);
    }
  });
});
