import type { PublicWinnerName } from '@cgg/contracts';
import { publicFirstName } from '../feed/feed-record.ts';

/*
 * How winners are named in public (advertising code 8.28.5): first name, the surname's
 * initial and county; the whole surname only when the winner ticked the consent when
 * claiming (prize_claims.full_surname_consent_at, migration 029). The lists' SQL reads
 * the surname and the consent; `publicWinnerName` is the one place that turns them into
 * what the API answers, so a full surname never leaves it without consent.
 */

/** The last word of a postal entry's full name ('' for a one-word name: that is the first name). */
const POSTAL_SURNAME = (pe: string) => `CASE WHEN btrim(${pe}.full_name) ~ '\\s' THEN regexp_replace(btrim(${pe}.full_name), '^.*\\s', '') ELSE '' END`;

/**
 * Columns `surname`, `county` and `surname_consent` of one win, given the aliases of its
 * order (o), postal entry (pe), customer (cu) and claim (pc) joined to it. The county given
 * at claim comes first, then the order's billing county, then the account's.
 */
export const WINNER_NAME_COLUMNS = `
  COALESCE(NULLIF(cu.last_name, ''), NULLIF(o.billing_last_name, ''), ${POSTAL_SURNAME('pe')}, '') AS surname,
  COALESCE(NULLIF(btrim(pc.winner_county), ''), NULLIF(o.billing_state, ''), NULLIF(cu.billing_state, ''), '') AS county,
  pc.full_surname_consent_at IS NOT NULL AS surname_consent`;

/** The joins WINNER_NAME_COLUMNS reads, for a win row `w` of kind `kind` (its table's id, order, entry and customer). */
export const winnerNameJoins = (w: string, kind: 'draw' | 'instant') => `
  LEFT JOIN orders o ON o.id = ${w}.order_id LEFT JOIN postal_entries pe ON pe.id = ${w}.postal_entry_id
  LEFT JOIN customers cu ON cu.id = ${w}.customer_id LEFT JOIN prize_claims pc ON pc.win_kind = '${kind}' AND pc.win_id = ${w}.id`;

export interface WinnerNameRow {
  first_name: string;
  surname: string;
  county: string;
  surname_consent: boolean;
}

/** "Sarah", "J." (or "Jones" with consent), "Kent". */
export function publicWinnerName(r: WinnerNameRow): PublicWinnerName {
  const surname = r.surname.trim();
  return {
    first_name: publicFirstName(r.first_name),
    surname: surname === '' ? '' : r.surname_consent ? surname : `${surname.charAt(0).toLocaleUpperCase('en-GB')}.`,
    county: r.county.trim(),
  };
}
