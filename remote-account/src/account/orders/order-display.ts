import { formatPounds, poundsToPence } from '@cgg/contracts';

/** Spec section 4: status shown as the server gives it, except admin-comp-win. */
export function orderStatusLabel(status: string): string {
  return status === 'admin-comp-win' ? 'Ticket Win' : status;
}

/**
 * Money the order calls send: a pounds string ("12.50") or WooCommerce's price HTML
 * (`order_total`). Shown as text only: the HTML is parsed inert, never injected.
 */
export function moneyText(value: string): string {
  const trimmed = value.trim();
  if (/^\d+(\.\d{1,2})?$/.test(trimmed)) return formatPounds(poundsToPence(trimmed));
  const text = new DOMParser().parseFromString(trimmed, 'text/html').body.textContent ?? '';
  return text.replace(/\s+/g, ' ').trim();
}
