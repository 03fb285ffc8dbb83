import { describe, expect, it } from 'vitest';
import { emailError, isEmail, nameEmailErrors } from './name-email.ts';

describe('name and email rules (spec section 5, account details form)', () => {
  const fields = { firstName: 'first', lastName: 'last', email: 'mail' } as const;
  it("names each failing field with the spec's texts, in order", () => {
    expect(nameEmailErrors({ firstName: ' ', lastName: '', email: '' }, fields)).toEqual([
      { field: 'first', message: 'First Name is required.' },
      { field: 'last', message: 'Last Name is required.' },
      { field: 'mail', message: 'Email address is required.' },
    ]);
    expect(nameEmailErrors({ firstName: 'Priya', lastName: 'Shah', email: 'priya@example.co.uk' }, fields)).toEqual([]);
  });
  it('an email looks like name@domain.tld without spaces', () => {
    expect(isEmail(' priya@example.co.uk ')).toBe(true);
    for (const bad of ['priya@nowhere', 'two words@x.com', 'priya.example.co.uk', 'priya@']) expect(isEmail(bad)).toBe(false);
    expect(emailError('')).toBe('Email address is required.');
    expect(emailError('priya@nowhere')).toBe('Email address is invalid.');
    expect(emailError('a@b.co')).toBeUndefined();
  });
});
