import type { PrizeClaim } from '@cgg/contracts/account';
import { maskedBankDetails } from '../accounts/bank-details-at-rest.ts';
import type { Queryable } from '../accounts/queryable.ts';
import { penceToPounds } from '../lib/money.ts';

export interface ClaimRow {
  id: string;
  customer_id: number;
  win_kind: PrizeClaim['win_kind'];
  win_id: string;
  competition_id: number;
  competition_title: string;
  prize_title: string;
  choice: PrizeClaim['choice'];
  amount_pence: number;
  state: PrizeClaim['state'];
  created_at: Date;
  updated_at: Date;
  idempotency_key: string;
  delivery_first_name: string | null;
  delivery_last_name: string | null;
  delivery_phone: string | null;
  delivery_address_1: string | null;
  delivery_address_2: string | null;
  delivery_city: string | null;
  delivery_postcode: string | null;
  delivery_state: string | null;
  tracking_reference: string | null;
  bank_account_number: string | null;
  bank_sort_code: string | null;
  winner_county: string;
  full_surname_consent_at: Date | null;
}

const SELECT_CLAIMS = `SELECT pc.*, pc.id::text AS id, pc.win_id::text AS win_id, c.title AS competition_title
  FROM prize_claims pc JOIN competitions c ON c.id = pc.competition_id`;

export async function customerClaims(db: Queryable, customerId: number): Promise<ClaimRow[]> {
  const { rows } = await db.query<ClaimRow>(`${SELECT_CLAIMS} WHERE pc.customer_id = $1 ORDER BY pc.created_at DESC, pc.id DESC`, [customerId]);
  return rows;
}

export async function claimOfWin(db: Queryable, kind: string, winId: number): Promise<ClaimRow | null> {
  const { rows } = await db.query<ClaimRow>(`${SELECT_CLAIMS} WHERE pc.win_kind = $1 AND pc.win_id = $2`, [kind, winId]);
  return rows[0] ?? null;
}

/** The answer shape: bank details masked, always (the whole numbers never leave the server). */
export function toPrizeClaim(r: ClaimRow): PrizeClaim {
  return {
    id: Number(r.id),
    win_kind: r.win_kind,
    win_id: Number(r.win_id),
    competition_id: r.competition_id,
    competition_title: r.competition_title,
    prize_title: r.prize_title,
    choice: r.choice,
    amount: penceToPounds(r.amount_pence),
    state: r.state,
    created_at: r.created_at.toISOString(),
    updated_at: r.updated_at.toISOString(),
    delivery_address:
      r.delivery_address_1 === null
        ? null
        : {
            first_name: r.delivery_first_name ?? '', last_name: r.delivery_last_name ?? '', phone: r.delivery_phone ?? '',
            address_1: r.delivery_address_1, address_2: r.delivery_address_2 ?? '', city: r.delivery_city ?? '',
            postcode: r.delivery_postcode ?? '', state: r.delivery_state ?? '',
          },
    bank_details:
      r.bank_account_number === null ? null : maskedBankDetails({ account_number: r.bank_account_number, sort_code: r.bank_sort_code ?? '' }),
    tracking_reference: r.tracking_reference,
    county: r.winner_county,
    full_surname_consent_at: r.full_surname_consent_at?.toISOString() ?? null,
  };
}
