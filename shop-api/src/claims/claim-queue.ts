import { claimStates, type StaffClaim } from '@cgg/contracts/staff';
import type { Queryable } from '../accounts/queryable.ts';
import { maskedBankDetails } from '../accounts/bank-details-at-rest.ts';

/*
 * Prize claims as the people who fulfil them see them: oldest first, with what to send where
 * (bank details masked to the last 4 digits), and a claim's state moved forward only
 * (received -> processing -> fulfilled), never back. The CLI's `claims` and `claim-state` and
 * the back office's fulfilment queue use these.
 */

export const CLAIM_STATES = claimStates;
export type ClaimState = StaffClaim['state'];

export interface QueuedClaim {
  id: number;
  state: ClaimState;
  choice: string;
  amountPence: number;
  prizeTitle: string;
  winKind: string;
  customerEmail: string;
  /** A prize's delivery address, one line; null for cash and credit. */
  deliverTo: string | null;
  /** Cash: the account number masked to its last 4 digits. */
  payTo: string | null;
  trackingReference: string | null;
  createdAt: Date;
}

interface ClaimRow {
  id: string;
  state: ClaimState;
  choice: string;
  amount_pence: number;
  prize_title: string;
  email: string;
  win_kind: string;
  address: string | null;
  bank_account_number: string | null;
  tracking_reference: string | null;
  created_at: Date;
  total: number;
}

const CLAIM_SQL = `
  SELECT pc.id::text, pc.state, pc.choice, pc.amount_pence, pc.prize_title, cu.email, pc.win_kind, pc.created_at,
         CASE WHEN pc.delivery_address_1 IS NOT NULL THEN concat_ws(', ', pc.delivery_first_name || ' ' || pc.delivery_last_name, pc.delivery_address_1,
           pc.delivery_address_2, pc.delivery_city, NULLIF(pc.delivery_state, ''), pc.delivery_postcode, pc.delivery_phone) END AS address,
         pc.bank_account_number, pc.tracking_reference, count(*) OVER ()::int AS total
  FROM prize_claims pc JOIN customers cu ON cu.id = pc.customer_id`;

const toClaim = (r: ClaimRow): QueuedClaim => ({
  id: Number(r.id), state: r.state, choice: r.choice, amountPence: r.amount_pence, prizeTitle: r.prize_title, winKind: r.win_kind,
  customerEmail: r.email, deliverTo: r.address,
  // Stored encrypted; only the last 4 digits leave the API.
  payTo: r.bank_account_number ? maskedBankDetails({ account_number: r.bank_account_number, sort_code: '' }).account_number : null,
  trackingReference: r.tracking_reference,
  createdAt: r.created_at,
});

/** Claims oldest first, optionally in one state: a page of them and how many there are in all. */
export async function claimQueue(db: Queryable, o: { state?: ClaimState | null; limit: number; offset?: number }): Promise<{ claims: QueuedClaim[]; total: number }> {
  const { rows } = await db.query<ClaimRow>(
    `${CLAIM_SQL} WHERE ($1::text IS NULL OR pc.state = $1) ORDER BY pc.created_at, pc.id LIMIT $2 OFFSET $3`,
    [o.state ?? null, o.limit, o.offset ?? 0],
  );
  return { claims: rows.map(toClaim), total: rows[0]?.total ?? 0 };
}

export type ClaimMove = { moved: true; claim: QueuedClaim; from: ClaimState } | { moved: false; current: ClaimState | null };

/**
 * Moves a claim forward to `state` (a sent prize with its tracking reference), atomically (a claim moved by two people at once moves once).
 * Not moved: `current` is its state now (already there or past it), or null when there is no such claim.
 */
export async function advanceClaim(db: Queryable, o: { id: number; state: 'processing' | 'fulfilled'; now: Date; trackingReference?: string | null }): Promise<ClaimMove> {
  const earlier = CLAIM_STATES.slice(0, CLAIM_STATES.indexOf(o.state));
  const { rows } = await db.query<{ from: ClaimState }>(
    `UPDATE prize_claims pc SET state = $2, updated_at = $3, tracking_reference = COALESCE($5, pc.tracking_reference)
     FROM (SELECT id, state FROM prize_claims WHERE id = $1 FOR UPDATE) old
     WHERE pc.id = old.id AND old.state = ANY($4::text[]) RETURNING old.state AS from`,
    [o.id, o.state, o.now, earlier, o.trackingReference ?? null],
  );
  if (rows.length === 0) {
    const found = await db.query<{ state: ClaimState }>('SELECT state FROM prize_claims WHERE id = $1', [o.id]);
    return { moved: false, current: found.rows[0]?.state ?? null };
  }
  const claim = (await db.query<ClaimRow>(`${CLAIM_SQL} WHERE pc.id = $1`, [o.id])).rows[0]!;
  return { moved: true, claim: toClaim(claim), from: rows[0]!.from };
}

/** Claims by id (the win queue's claimed wins), each as the fulfilment queue shows it. */
export async function claimsByIds(db: Queryable, ids: number[]): Promise<Map<number, QueuedClaim>> {
  if (ids.length === 0) return new Map();
  const { rows } = await db.query<ClaimRow>(`${CLAIM_SQL} WHERE pc.id = ANY($1::bigint[])`, [ids]);
  return new Map(rows.map((r) => [Number(r.id), toClaim(r)]));
}
