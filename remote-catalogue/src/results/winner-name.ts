import type { PublicWinnerName } from '@cgg/contracts';

/*
 * A winner as the API names them (advertising code 8.28.5): first name and surname initial,
 * or the whole surname when they agreed to it when claiming; the county said separately.
 * The API decides which surname goes out, so this only joins the parts.
 */
export function winnerName(w: PublicWinnerName): string {
  return [w.first_name || 'A customer', w.surname].filter(Boolean).join(' ');
}

/** " from Kent", or nothing when no county is known. */
export function fromCounty(w: PublicWinnerName): string {
  return w.county ? ` from ${w.county}` : '';
}
