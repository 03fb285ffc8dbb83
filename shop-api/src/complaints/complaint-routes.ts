import type pg from 'pg';
import { findSession } from '../accounts/sessions.ts';
import { isDatabaseUnreachable } from '../db/unreachable.ts';
import { customerTokenOf } from '../http/access-guard.ts';
import { clientAddress } from '../http/client-address.ts';
import { declaredRoute, type DeclaredRoute } from '../http/declared-routes.ts';
import { routeTable } from '../http/route-table.ts';
import { WpHttpError } from '../http/wp-error.ts';
import type { Mailer } from '../mail/mailer.ts';
import { RATE_LIMITS, type RateLimits } from '../http/rate-limits.ts';
import { fileComplaint, filedUnderKey, type FiledComplaint } from './complaints.ts';

const londonDate = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London', year: 'numeric', month: '2-digit', day: '2-digit' });
const londonDay = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', day: 'numeric', month: 'long', year: 'numeric' });

/**
 * What the customer is told of a filed complaint. A repeat whose first request is still mailing
 * (or whose mail failed) is not told the mail failed: only its reference and the due day.
 */
function answerOf(filed: FiledComplaint, email: string) {
  const due = londonDay.format(filed.answerDue);
  const message = filed.acknowledged
    ? `Thank you. We have received your complaint and emailed an acknowledgement to ${email}. We will send you our final answer by ${due} at the latest.`
    : filed.repeated
      ? `Thank you. We have received your complaint; please note your reference. We will send you our final answer by ${due} at the latest.`
      : `Thank you. We have received your complaint, but we could not email you an acknowledgement just now, so please note your reference. We will send you our final answer by ${due} at the latest.`;
  return { success: true as const, reference: filed.reference, message, answer_due: londonDate.format(filed.answerDue) };
}

/** The complaint form of /complaints (UK prize-draw code, clause 1.2). */
export function complaintRoutes(deps: {
  pool: pg.Pool;
  /** The sender's session is looked up by key, as every route's is (app.ts keyedPool). */
  keyedPool: pg.Pool;
  now: () => Date;
  mailer: Mailer;
  siteUrl: string;
  limits: RateLimits;
}): DeclaredRoute[] {
  const limit = RATE_LIMITS.complaintAddress;
  return [
    declaredRoute(routeTable.fileComplaint, {
      summary: 'Files a complaint: stored with a reference (CGG-C-000123), acknowledged by email at once, tied to the account when a signed-in customer sends it.',
      description: `Trimmed; name 1-100, a valid email, optional order number (digits, '#' allowed), a category, details 20-5000 characters. The acknowledgement is mailed after the complaint is stored (a mail failure keeps the complaint; the answer then says so). A token naming no live session files the complaint as a visitor's. \`idempotency_key\` (optional, one per complaint the form sends): sent again after a lost answer, the answer is the complaint already filed, with its reference (no second complaint or acknowledgement, and no count against the limit). Errors: 400 per field; 409 \`cgg_idempotency_key_reused\` for the key with another email or details; 429 \`rest_complaint_rate_limited\` with Retry-After after ${limit.points} complaints from one client address in ${limit.duration / 60} minutes (http/rate-limits.ts); 503 \`rest_complaint_unavailable\` when it cannot be stored.`,
      handler: async ({ input, request }) => {
        const at = deps.now();
        const address = clientAddress(request);
        // Sent again after a lost answer: the complaint already filed, answered before the limit is asked.
        const before = await filedUnderKey(deps.pool, { idempotencyKey: input.idempotency_key ?? null, email: input.email, details: input.details });
        if (before) return answerOf(before, input.email);
        await deps.limits.take('complaintAddress', address);
        const token = customerTokenOf(request);
        // A stale sign-in never turns a complaint away: it is filed as a visitor's, under the email given.
        const session = token ? await findSession(deps.keyedPool, token, at) : null;
        const orderNumber = input.order_number ? Number(input.order_number.replace('#', '')) : null;
        const filed = await fileComplaint(deps, {
          name: input.name, email: input.email, orderNumber, category: input.category, details: input.details,
          customerId: session?.customerId ?? null, ipAddress: address, at, log: request.log, idempotencyKey: input.idempotency_key ?? null,
        }).catch(async (err: unknown) => {
          // Not stored, so the try does not count against the visitor's limit (best effort: the database may be the failure).
          await deps.limits.giveBack('complaintAddress', address).catch(() => {});
          if (err instanceof WpHttpError || isDatabaseUnreachable(err)) throw err;
          request.log.error({ err }, 'complaint could not be stored');
          throw new WpHttpError(503, 'rest_complaint_unavailable', 'We could not record your complaint just now. Please try again in a few minutes, or email us and we will record it for you.');
        });
        // A repeat is not another complaint: it does not count against the visitor's limit.
        if (filed.repeated) await deps.limits.giveBack('complaintAddress', address).catch(() => {});
        return answerOf(filed, input.email);
      },
    }),
  ];
}
