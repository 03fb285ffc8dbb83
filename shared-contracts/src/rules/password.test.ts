import { describe, expect, it } from 'vitest';
import { meetsPasswordRule } from './password.ts';

describe('password rule (spec: 12+ characters with a letter, a digit and a special character)', () => {
  it.each([
    ['Demo!Pass2026', true],
    ['abcdefghij1!', true],
    ['Abcdefgh1!xyz', true],
    ['abcdefghij1', false],
    ['abcdefghijk!', false],
    ['12345678901!', false],
    ['Ab1!', false],
    ['Short1!', false],
    ['abc defghij1 ', false],
  ])('%s -> %s', (password, ok) => expect(meetsPasswordRule(password)).toBe(ok));
});
