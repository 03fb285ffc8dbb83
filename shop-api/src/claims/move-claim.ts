import type pg from 'pg';
import { inTransaction } from '../accounts/queryable.ts';
import { WpHttpError } from '../http/wp-error.ts';
import { recordStaffAction } from '../staff/audit-log.ts';
import { advanceClaim, type ClaimMove } from './claim-queue.ts';

/**
 * A person moves a prize claim forward (received, processing, fulfilled; never back), a sent prize
 * with its tracking reference, audited in the same transaction. The back office's
 * `staff/claim_state` and the CLI's `claim-state` both call it, so a claim marked sent from
 * either carries its tracking the same way. Answers the move (not moved: `current` says why).
 */
export async function moveClaim(
  pool: pg.Pool,
  o: { id: number; state: 'processing' | 'fulfilled'; trackingReference?: string | undefined; staffId: number | null; actor: string; now: Date },
): Promise<ClaimMove> {
  if (o.trackingReference !== undefined && o.state !== 'fulfilled') {
    throw new WpHttpError(400, 'rest_invalid_param', 'A tracking reference goes with marking the prize sent (fulfilled).', { params: { tracking_reference: 'Only when marking it sent.' } });
  }
  return inTransaction(pool, async (client) => {
    const done = await advanceClaim(client, { id: o.id, state: o.state, now: o.now, trackingReference: o.trackingReference });
    if (done.moved) {
      await recordStaffAction(client, {
        staffId: o.staffId, actor: o.actor, action: 'claim.state', subject: `claim #${o.id}`, before: { state: done.from },
        after: { state: o.state, ...(o.trackingReference ? { tracking_reference: o.trackingReference } : {}) }, at: o.now,
      });
    }
    return done;
  });
}
