import { describe, expect, it } from 'vitest';
import {
  birthdayAt,
  DATE_OF_BIRTH_IN_FUTURE,
  DATE_OF_BIRTH_INVALID,
  DATE_OF_BIRTH_REQUIRED,
  DATE_OF_BIRTH_TOO_LONG_AGO,
  dateOfBirthError,
  dateOfBirthProblem,
  LIMIT_AMOUNT_MESSAGE,
  LIMIT_CHOICE_REQUIRED,
  limitChoiceErrors,
  londonToday,
  monthlyLimitField,
} from './age-and-limit.ts';

describe('date of birth (UK prize-draw code 1.1)', () => {
  it('is old enough on the 18th birthday, not the day before', () => {
    expect(dateOfBirthProblem('2008-05-12', '2026-05-12')).toBeUndefined();
    expect(dateOfBirthProblem('2008-05-13', '2026-05-12')).toEqual({ kind: 'under-18' });
  });

  it('reads a 29 February birthday as 1 March in a year without one', () => {
    expect(birthdayAt('2008-02-29', 18)).toBe('2026-03-01');
    expect(birthdayAt('2008-02-29', 16)).toBe('2024-02-29');
    expect(dateOfBirthProblem('2008-02-29', '2026-02-28')).toEqual({ kind: 'under-18' });
    expect(dateOfBirthProblem('2008-02-29', '2026-03-01')).toBeUndefined();
  });

  it.each([
    ['', DATE_OF_BIRTH_REQUIRED],
    ['  ', DATE_OF_BIRTH_REQUIRED],
    ['1990-02-30', DATE_OF_BIRTH_INVALID],
    ['2001-02-29', DATE_OF_BIRTH_INVALID],
    ['12/05/1990', DATE_OF_BIRTH_INVALID],
    ['yesterday', DATE_OF_BIRTH_INVALID],
    ['2026-05-13', DATE_OF_BIRTH_IN_FUTURE],
    ['1900-01-01', DATE_OF_BIRTH_TOO_LONG_AGO],
  ])('refuses %j with a message naming the field', (value, message) => {
    expect(dateOfBirthError(value, '2026-05-12', 'account')).toBe(message);
  });

  it('tells someone under 18 why, that nothing was kept, and when they can come back', () => {
    expect(dateOfBirthError('2010-06-01', '2026-05-12', 'account')).toBe(
      'Sorry, you need to be 18 or over to enter our prize draws, so we cannot open an account for you. We have not kept any of the details you entered. You are welcome to sign up from 1 June 2028, your 18th birthday.',
    );
  });

  it('takes today from the London calendar', () => {
    // 23:30 UTC on 11 May is 00:30 on 12 May in London (summer time).
    expect(londonToday(new Date('2026-05-11T23:30:00Z'))).toBe('2026-05-12');
    expect(londonToday(new Date('2026-01-11T23:30:00Z'))).toBe('2026-01-11');
  });
});

describe('monthly limit choice (UK prize-draw code 1.4)', () => {
  const fields = { choice: 'limitChoice', amount: 'monthlyLimit' } as const;
  it('needs a choice, and an amount in pounds for a limit (0 allowed)', () => {
    expect(limitChoiceErrors({ choice: '', amount: '' }, fields)).toEqual([{ field: 'limitChoice', message: LIMIT_CHOICE_REQUIRED }]);
    expect(limitChoiceErrors({ choice: 'limit', amount: '12.345' }, fields)).toEqual([{ field: 'monthlyLimit', message: LIMIT_AMOUNT_MESSAGE }]);
    expect(limitChoiceErrors({ choice: 'limit', amount: '0' }, fields)).toEqual([]);
    expect(limitChoiceErrors({ choice: 'none', amount: 'whatever' }, fields)).toEqual([]);
    expect(monthlyLimitField({ choice: 'limit', amount: ' 20 ' })).toBe('20');
    expect(monthlyLimitField({ choice: 'none', amount: '20' })).toBeNull();
  });
});
