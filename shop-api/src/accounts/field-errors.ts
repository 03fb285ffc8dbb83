import { WpHttpError } from '../http/wp-error.ts';

/**
 * A failed save: 400 in WordPress' error shape whose message is the spec's text, plus
 * the spec's `success: false, error` so a client reading either shape shows the same
 * text. `data.params` names the field. Nothing is written.
 */
export function fieldError(field: string, message: string, code = 'rest_invalid_param'): WpHttpError {
  return new WpHttpError(400, code, message, { params: { [field]: message } }, { success: false, error: message });
}

/** Looks like {name}@{domain}.{tld}, with no spaces. */
export const isEmail = (value: string): boolean => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value) && value.length <= 254;

/** Checks required text fields in order; throws for the first empty one. */
export function requireFields(fields: Array<[field: string, value: string, message: string]>): void {
  for (const [field, value, message] of fields) {
    if (value.trim() === '') throw fieldError(field, message);
    if (value.length > 200) throw fieldError(field, `${message.replace(/ is required\.$/, '')} is too long.`);
  }
}
