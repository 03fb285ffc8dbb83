import { describe, expect, it } from 'vitest';
import { characterClasses, passwordStrength } from './password-strength.ts';

describe('password strength meter (spec section 5)', () => {
  it('counts letters, digits and the symbols @$!%*?&', () => {
    expect(characterClasses('abc')).toBe(1);
    expect(characterClasses('abc1')).toBe(2);
    expect(characterClasses('abc1!')).toBe(3);
    expect(characterClasses('abc1#')).toBe(2);
  });

  it('has the spec texts for each level', () => {
    expect(passwordStrength('')).toEqual({ level: 'empty', label: 'Please enter a password' });
    expect(passwordStrength('abcdefghijklmnop').label).toBe('Very weak - Please enter a stronger password.');
    expect(passwordStrength('12345678901234').label).toBe('Very weak - Please enter a stronger password.');
    expect(passwordStrength('abc12!')).toEqual({ level: 'medium', label: 'Medium', advice: 'Password length should be at least 12 characters.' });
    expect(passwordStrength('abcdef123456')).toEqual({ level: 'medium', label: 'Medium' });
    expect(passwordStrength('abcdefgh12!?')).toEqual({ level: 'strong', label: 'Strong' });
  });
});
