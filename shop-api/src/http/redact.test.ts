import { describe, expect, it } from 'vitest';
import { readCaller } from './bearer.ts';
import { redactText, redactUrl } from './redact.ts';

describe('redactUrl', () => {
  it('masks token, password and bank values in a query string', () => {
    expect(redactUrl('/?rest_route=/api/v1/get_bank_details&token=abc&account_number=12345678&sort_code=112233')).toBe(
      '/?rest_route=/api/v1/get_bank_details&token=[redacted]&account_number=[redacted]&sort_code=[redacted]',
    );
    expect(redactUrl('/x?password_1=secret&page=2')).toBe('/x?password_1=[redacted]&page=2');
    expect(redactUrl('/?rest_route=/api/v1/getsettings')).toBe('/?rest_route=/api/v1/getsettings');
  });
  it('masks one-time codes, reset keys and emails in a URL too, and leaves ids alone', () => {
    expect(redactUrl('/login-as-user?code=845921&email=jo%40example.com')).toBe('/login-as-user?code=[redacted]&email=[redacted]');
    expect(redactUrl('/reset-password?key=abc123&login=jo@example.com&reset_code=9&x=jo@example.com')).toBe('/reset-password?key=[redacted]&login=[redacted]&reset_code=[redacted]&x=[redacted email]');
    expect(redactUrl('/wp-json/api/v1/staff/customer?id=12345&page=2')).toBe('/wp-json/api/v1/staff/customer?id=12345&page=2');
  });
});

describe('redactText', () => {
  it('masks an email in a message but leaves a stack frame\'s package@version path readable', () => {
    expect(redactText('mail to sam.private@example.co.uk failed')).toBe('mail to [redacted email] failed');
    const frame = 'at doNext (/app/node_modules/.pnpm/graphile-worker@0.17.3/node_modules/graphile-worker/dist/worker.js:196:32)';
    expect(redactText(frame)).toBe(frame);
  });
});

describe('readCaller', () => {
  it('reads a bearer and recognises the site credential', () => {
    expect(readCaller('Bearer cgg-storefront')).toEqual({ bearer: 'cgg-storefront', isSite: true });
    expect(readCaller('bearer abc.def')).toEqual({ bearer: 'abc.def', isSite: false });
  });
  it('treats malformed headers as no credential', () => {
    for (const h of [undefined, '', 'Bearer', 'Basic abc', 'Bearer a b', 'Bearer \u0000', `Bearer ${'x'.repeat(600)}`]) {
      expect(readCaller(h).bearer).toBeNull();
    }
    expect(readCaller(['Bearer a', 'Bearer b']).bearer).toBe('a');
  });
});
