import { formatLongDate, londonDateOf } from '@cgg/contracts';
import type { FieldError } from './field-error.ts';

/*
 * UK prize-draw code 1.1 (only adults take part) and 1.4 (a spending limit is offered at
 * the door). The sign-up form, the checkout's prompt and the API apply these same rules,
 * so the customer reads the same words wherever they are refused.
 */

export const MINIMUM_AGE = 18;

/** What the checkout still needs before a customer may buy: the API's `data.needs`. */
export type PurchaseCheck = 'date_of_birth' | 'monthly_limit';

/** The API's codes for these refusals (the front ends match on them). */
export const AGE_AND_LIMIT_ERRORS = {
  /** Checkout: an account from before sign-up asked for a date of birth (data.needs lists what is missing). */
  dateOfBirthRequired: 'cgg_date_of_birth_required',
  /** Checkout: the customer has never chosen a monthly limit (or no limit). */
  limitChoiceRequired: 'cgg_limit_choice_required',
  /** Sign-up or the checkout's prompt: under 18 on the London date today. */
  under18: 'cgg_under_18',
  /** The identity provider (when one is configured) could not confirm the age. */
  ageNotVerified: 'cgg_age_not_verified',
} as const;

export const DATE_OF_BIRTH_REQUIRED = 'Please enter your date of birth.';
export const DATE_OF_BIRTH_INVALID = 'Date of birth must be a real date, written as YYYY-MM-DD (for example 1990-04-23).';
export const DATE_OF_BIRTH_IN_FUTURE = 'Date of birth cannot be in the future. Please check the year.';
export const DATE_OF_BIRTH_TOO_LONG_AGO = 'Date of birth is more than 120 years ago. Please check the year.';

export const LIMIT_CHOICE_REQUIRED = 'Please choose a monthly spending limit, or choose no limit.';
export const LIMIT_AMOUNT_PATTERN = /^\d{1,6}(\.\d{1,2})?$/;
export const LIMIT_AMOUNT_MESSAGE = 'Enter an amount in pounds, e.g. 50 or 50.00';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date 'YYYY-MM-DD' (no 30 February), or null. */
function calendarDate(value: string): { y: number; m: number; d: number } | null {
  const match = ISO_DATE.exec(value);
  if (!match) return null;
  const [y, m, d] = match.slice(1).map(Number) as [number, number, number];
  const check = new Date(Date.UTC(y, m - 1, d));
  return check.getUTCFullYear() === y && check.getUTCMonth() === m - 1 && check.getUTCDate() === d ? { y, m, d } : null;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** Today's date in London, 'YYYY-MM-DD': a birthday starts at London midnight, wherever the server runs. */
export function londonToday(now: Date): string {
  return londonDateOf(now);
}

/**
 * The date someone born on `dateOfBirth` turns `years` old. Born on 29 February: 1 March in a
 * year without one (the usual reading of UK law: the birthday has not come until the day after 28 February).
 */
export function birthdayAt(dateOfBirth: string, years: number): string {
  const born = calendarDate(dateOfBirth);
  if (!born) throw new Error(`not a date: ${dateOfBirth}`);
  const y = born.y + years;
  return calendarDate(`${pad(y, 4)}-${pad(born.m)}-${pad(born.d)}`) ? `${pad(y, 4)}-${pad(born.m)}-${pad(born.d)}` : `${pad(y, 4)}-03-01`;
}

/** 'YYYY-MM-DD' as the customer reads it: '2027-03-01' -> '1 March 2027'. */
export function formatBirthday(date: string): string {
  return formatLongDate(date);
}

export function under18Message(dateOfBirth: string, what: 'account' | 'order'): string {
  const from = formatBirthday(birthdayAt(dateOfBirth, MINIMUM_AGE));
  return what === 'account'
    ? `Sorry, you need to be 18 or over to enter our prize draws, so we cannot open an account for you. We have not kept any of the details you entered. You are welcome to sign up from ${from}, your 18th birthday.`
    : `Sorry, you need to be 18 or over to enter our prize draws, so we cannot take this order, and we have not saved the date of birth you entered. If you typed it wrongly, please enter it again; otherwise you are welcome to come back from ${from}, your 18th birthday.`;
}

export type DateOfBirthProblem = { kind: 'invalid'; message: string } | { kind: 'under-18' };

/**
 * What is wrong with a date of birth on the London date `today`: missing, not a real
 * 'YYYY-MM-DD' date, in the future, over 120 years ago, or under 18 (18 today is old
 * enough). Undefined when it is a real adult's date of birth.
 */
export function dateOfBirthProblem(value: string, today: string): DateOfBirthProblem | undefined {
  const v = value.trim();
  if (!v) return { kind: 'invalid', message: DATE_OF_BIRTH_REQUIRED };
  if (!calendarDate(v)) return { kind: 'invalid', message: DATE_OF_BIRTH_INVALID };
  if (v > today) return { kind: 'invalid', message: DATE_OF_BIRTH_IN_FUTURE };
  if (birthdayAt(v, 120) < today) return { kind: 'invalid', message: DATE_OF_BIRTH_TOO_LONG_AGO };
  if (birthdayAt(v, MINIMUM_AGE) > today) return { kind: 'under-18' };
  return undefined;
}

/** The form's message for a date of birth (under 18 included), or undefined when it passes. */
export function dateOfBirthError(value: string, today: string, what: 'account' | 'order'): string | undefined {
  const problem = dateOfBirthProblem(value, today);
  if (!problem) return undefined;
  return problem.kind === 'under-18' ? under18Message(value.trim(), what) : problem.message;
}

/** The monthly-limit question of sign-up and the checkout's prompt: a choice, and an amount when it is a limit. */
export interface LimitChoiceValues {
  /** '' until the customer picks one. */
  choice: '' | 'limit' | 'none';
  /** Pounds, '0' allowed. */
  amount: string;
}

export function limitChoiceErrors<F extends string>(v: LimitChoiceValues, fields: { choice: F; amount: F }): FieldError<F>[] {
  if (v.choice === '') return [{ field: fields.choice, message: LIMIT_CHOICE_REQUIRED }];
  if (v.choice === 'limit' && !LIMIT_AMOUNT_PATTERN.test(v.amount.trim())) return [{ field: fields.amount, message: LIMIT_AMOUNT_MESSAGE }];
  return [];
}

/** The API's `monthly_limit`: pounds, or null for an explicit "no limit". */
export function monthlyLimitField(v: LimitChoiceValues): string | null {
  return v.choice === 'limit' ? v.amount.trim() : null;
}
