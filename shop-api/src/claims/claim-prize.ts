import { CLAIM_ERRORS, type ClaimPrizeRequest, type PrizeClaim } from '@cgg/contracts/account';
import type pg from 'pg';
import { sealBankDetails } from '../accounts/bank-details-at-rest.ts';
import { inTransaction } from '../accounts/queryable.ts';
import { WpHttpError } from '../http/wp-error.ts';
import type { Mailer } from '../mail/mailer.ts';
import { claimConfirmationEmail } from './claim-emails.ts';
import { validBankDetails, validDeliveryAddress, type CleanAddress } from './claim-validation.ts';
import { claimOfWin, toPrizeClaim } from './claim-view.ts';
import { customerWin, WIN_TABLE, winOptions } from './customer-wins.ts';

export interface ClaimDeps {
  pool: pg.Pool;
  mailer: Mailer;
  siteUrl: string;
}

const wpError = (e: { status: number; code: string; message: string }) => new WpHttpError(e.status, e.code, e.message);
const keyReused = () => new WpHttpError(409, 'cgg_idempotency_key_reused', 'This request was already used for another claim. Please try again.');

/** A win already claimed: the same attempt (same key) gets its claim back, anything else is refused. */
async function replayOrRefuse(db: pg.Pool | pg.PoolClient, customerId: number, input: ClaimPrizeRequest): Promise<PrizeClaim> {
  const existing = await claimOfWin(db, input.win_kind, input.win_id);
  if (existing && existing.idempotency_key === input.idempotency_key && existing.customer_id === customerId) {
    return toPrizeClaim(existing);
  }
  throw wpError(CLAIM_ERRORS.alreadyClaimed);
}

/**
 * Claims one win for the signed-in customer. Checked first, with nothing written: the
 * win is theirs (else 404, as if missing), unclaimed, the choice is offered, and the
 * address or bank details pass the spec's rules. Then ONE transaction: the conditional
 * `UPDATE <win> SET claimed = true WHERE ... AND NOT claimed` (a concurrent claim of the
 * same win waits on that row, then finds it claimed), the claim row (UNIQUE per win as
 * the last line of defence, with the county and surname consent the winners list reads)
 * and, for site credit, the cred ledger entry. The
 * confirmation mail is queued in that transaction and sent by a job worker after COMMIT.
 */
export async function claimPrize(deps: ClaimDeps, customerId: number, input: ClaimPrizeRequest, now: Date): Promise<PrizeClaim> {
  const win = await customerWin(deps.pool, customerId, input.win_kind, input.win_id);
  if (!win) throw wpError(CLAIM_ERRORS.notFound);
  if (win.claimed) return replayOrRefuse(deps.pool, customerId, input);
  const option = winOptions(win).find((o) => o.choice === input.choice);
  if (!option && win.customer_locked && input.choice === 'credit') {
    const e = CLAIM_ERRORS.optionUnavailable;
    throw new WpHttpError(e.status, e.code, 'While your account is on a break or closed, prizes are not paid as site credit. Choose another way to receive your prize.');
  }
  if (!option) throw wpError(CLAIM_ERRORS.optionUnavailable);
  const address: CleanAddress | null = option.needs === 'address' ? validDeliveryAddress(input.delivery_address) : null;
  // Encrypted before it reaches the database (bank-details-at-rest.ts).
  const bank = option.needs === 'bank' ? sealBankDetails(validBankDetails(input.bank_details)) : null;

  const outcome = await inTransaction(deps.pool, async (client) => {
    const taken = await client.query(`UPDATE ${WIN_TABLE[input.win_kind]} SET claimed = true, claimed_at = $3 WHERE id = $1 AND customer_id = $2 AND NOT claimed RETURNING id`, [
      input.win_id,
      customerId,
      now,
    ]);
    if (taken.rowCount === 0) return { replay: true as const };
    const state = option.choice === 'credit' ? 'fulfilled' : 'received';
    let inserted: pg.QueryResult<{ id: string }>;
    try {
      inserted = await client.query<{ id: string }>(
        `INSERT INTO prize_claims (customer_id, win_kind, win_id, competition_id, prize_title, choice, amount_pence, state,
           delivery_first_name, delivery_last_name, delivery_phone, delivery_address_1, delivery_address_2, delivery_city, delivery_postcode, delivery_state,
           bank_account_number, bank_sort_code, idempotency_key, created_at, updated_at, winner_county, full_surname_consent_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $20, $21, $22) RETURNING id`,
        [
          customerId, input.win_kind, input.win_id, win.competition_id, win.prize_title, option.choice, option.amountPence, state,
          address?.first_name ?? null, address?.last_name ?? null, address?.phone ?? null, address?.address_1 ?? null, address?.address_2 ?? null,
          address?.city ?? null, address?.postcode ?? null, address?.state ?? null, bank?.account_number ?? null, bank?.sort_code ?? null,
          input.idempotency_key, now,
          // How the winners list names them (advertising code 8.28.5): the consent is kept with its time.
          (input.county ?? '').trim(), input.publish_full_surname === true ? now : null,
        ],
      );
    } catch (err) {
      // The key already made another claim of this customer's (the win's own UNIQUE cannot fire after the guarded update).
      if ((err as { code?: string }).code === '23505') throw keyReused();
      throw err;
    }
    if (option.choice === 'credit' && option.amountPence > 0) {
      await client.query(`INSERT INTO credit_logs (customer_id, type, amount_pence, description, created_at) VALUES ($1, 'prize-claim', $2, $3, $4)`, [
        customerId,
        option.amountPence,
        `Prize claimed as site credit: ${win.prize_title}`,
        now,
      ]);
    }
    const claimId = Number(inserted.rows[0]!.id);
    // Queued with the claim: it exists exactly when the claim commits; a job worker sends it.
    await queueConfirmation(deps, client, customerId, claimId, win.prize_title, win.competition_title, option.choice, option.amountPence);
    return { replay: false as const, claimId };
  });
  // Lost the race to another claim of the same win (committed while we waited on its row).
  if (outcome.replay) return replayOrRefuse(deps.pool, customerId, input);

  const claim = (await claimOfWin(deps.pool, input.win_kind, input.win_id))!;
  return toPrizeClaim(claim);
}

async function queueConfirmation(deps: ClaimDeps, client: pg.PoolClient, customerId: number, claimId: number, prizeTitle: string, competitionTitle: string, choice: PrizeClaim['choice'], amountPence: number) {
  const { rows } = await client.query<{ email: string; first_name: string }>('SELECT email, first_name FROM customers WHERE id = $1', [customerId]);
  const to = rows[0];
  if (!to) return;
  await deps.mailer.send(claimConfirmationEmail({ to: to.email, firstName: to.first_name, prizeTitle, competitionTitle, choice, amountPence, claimId, siteUrl: deps.siteUrl }), client);
}
