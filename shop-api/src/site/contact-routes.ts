import type pg from 'pg';
import { inTransaction, type Queryable } from '../accounts/queryable.ts';
import { clientAddress } from '../http/client-address.ts';
import { RATE_LIMITS, type RateLimits } from '../http/rate-limits.ts';
import { declaredRoute, type DeclaredRoute } from '../http/declared-routes.ts';
import { routeTable } from '../http/route-table.ts';
import { WpHttpError } from '../http/wp-error.ts';
import type { Mailer } from '../mail/mailer.ts';
import { isDatabaseUnreachable } from '../db/unreachable.ts';

/** At most this many contact messages per client address per window (http/rate-limits.ts). */
export const CONTACT_LIMIT = RATE_LIMITS.contactAddress.points;
export const CONTACT_WINDOW_MINUTES = RATE_LIMITS.contactAddress.duration / 60;

export const CONTACT_CONFIRMATION = 'Thank you, your message has been sent. Our team replies within one working day.';

export interface ContactDeps {
  /** The shop's mailer: the message's mail is queued in the message's own transaction. */
  mailer: Mailer;
  /** CONTACT_EMAIL: where contact messages go (the operator's inbox). */
  inbox: string;
}

/** The message stored under the key a repeat carries (null: none yet); 409 when that key was used for another message. */
async function storedUnderKey(db: Queryable, input: { idempotency_key?: string | undefined; email: string; message: string }): Promise<string | null> {
  if (!input.idempotency_key) return null;
  const { rows } = await db.query<{ id: string; email: string; message: string }>('SELECT id, email, message FROM contact_messages WHERE idempotency_key = $1', [input.idempotency_key]);
  const before = rows[0];
  if (!before) return null;
  if (before.email !== input.email || before.message !== input.message) {
    throw new WpHttpError(409, 'cgg_idempotency_key_reused', 'That key was used for another message; send this one as a new message.');
  }
  return before.id;
}

export function contactRoutes(pool: pg.Pool, limits: RateLimits, deps: ContactDeps): DeclaredRoute[] {
  return [
    declaredRoute(routeTable.contactUs, {
      summary: 'Sends a message to the shop (rate-limited per address).',
      description: 'Trimmed; name 1-100, a valid email up to 254, subject 1-150, message 10-3000 characters. The answer carries a reference (\'CGG-42\'); the message is stored and its mail to CONTACT_EMAIL (the sender as reply-to) queued in the same transaction, then sent after commit by the job queue. `idempotency_key` (optional, one per message the visitor sends): sent again after a lost answer, the answer is the message already stored (no second message or mail, and no count against the limit). Errors: 400 per field; 409 `cgg_idempotency_key_reused` for the key with another email or message; 429 `rest_contact_rate_limited` with `Retry-After` after 3 messages from one client address in 10 minutes; 503 `rest_contact_unavailable` when storing fails (nothing kept).',
      handler: async ({ input, request }) => {
        const address = clientAddress(request);
        // Sent again after a lost answer: the message already stored, answered before the limit is
        // asked (it is not another message, and the lost answer may have been the last one allowed).
        const stored = await storedUnderKey(pool, input);
        if (stored) return { success: true, message: CONTACT_CONFIRMATION, reference: `CGG-${stored}` };
        // Counted before storing, in one atomic step: posts fired at once cannot all slip under the limit.
        await limits.take('contactAddress', address);
        const id = await inTransaction(pool, async (client) => {
          const inserted = await client.query<{ id: string }>(
            `INSERT INTO contact_messages (name, email, subject, message, ip_address, idempotency_key) VALUES ($1, $2, $3, $4, $5, $6)
             ON CONFLICT (idempotency_key) WHERE idempotency_key IS NOT NULL DO NOTHING RETURNING id`,
            [input.name, input.email, input.subject, input.message, address, input.idempotency_key ?? null],
          );
          // Sent again after a lost answer: the message already stored (and mailed), not a second one.
          if (!inserted.rows[0]) return { repeated: true, id: (await storedUnderKey(client, input))! };
          const messageId = inserted.rows[0].id;
          // Queued in the same transaction (no network while the row is held): the message and its
          // mail are stored together, and a job worker sends the mail after commit.
          await deps.mailer.send({
            to: deps.inbox,
            replyTo: input.email,
            subject: `[Contact #${messageId}] ${input.subject}`,
            text: `From: ${input.name} <${input.email}>\nMessage #${messageId}\n\n${input.message}`,
          }, client);
          return { repeated: false, id: messageId };
        }).catch(async (err: unknown) => {
          // Nothing was kept, so the try does not count against the visitor's limit (best effort: the database may be the failure).
          await limits.giveBack('contactAddress', address).catch(() => {});
          // A database outage gets the API's own 503 with Retry-After (app.ts), not the mail failure's.
          if (err instanceof WpHttpError || isDatabaseUnreachable(err)) throw err;
          request.log.error({ err }, 'contact message could not be stored or sent');
          throw new WpHttpError(503, 'rest_contact_unavailable', 'We could not send your message just now. Please try again in a few minutes.');
        });
        // A repeat is not another message: it does not count against the visitor's limit.
        if (id.repeated) await limits.giveBack('contactAddress', address).catch(() => {});
        return { success: true, message: CONTACT_CONFIRMATION, reference: `CGG-${id.id}` };
      },
    }),
  ];
}
