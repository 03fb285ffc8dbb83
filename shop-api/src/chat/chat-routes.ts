import { CHAT_STREAM_ROUTE, calls, chatListRequestSchema, chatPostRequestSchema, type ChatMessage } from '@cgg/contracts';
import type pg from 'pg';
import { inTransaction } from '../accounts/queryable.ts';
import { findSession } from '../accounts/sessions.ts';
import { restRoute, type RestRoute } from '../http/rest-router.ts';
import { WpHttpError } from '../http/wp-error.ts';
import type { ChatHub, ChatEvent } from './chat-hub.ts';
import { insertMessage, messagesAfter, recentMessages } from './chat-repository.ts';

/** At most this many messages per customer per minute. */
export const CHAT_RATE_LIMIT = 5;
/** A comment line keeps proxies from closing a quiet stream. */
const HEARTBEAT_MS = 25_000;

/** "Jamie T.": first name and last initial, the way winners are shown. */
export function chatAuthorName(firstName: string, lastName: string): string {
  const first = firstName.trim() || 'Player';
  const initial = lastName.trim().charAt(0).toUpperCase();
  return initial ? `${first} ${initial}.` : first;
}

// Control characters other than line breaks would only garble other people's screens.
// eslint-disable-next-line no-control-regex -- matching them is the point
const controlCharacters = /[\u0000-\u0009\u000b-\u001f\u007f]/g;

function sseFrame(event: ChatEvent): string {
  if (event.type === 'message') return `id: ${event.message.id}\nevent: message\ndata: ${JSON.stringify(event.message)}\n\n`;
  return `event: removed\ndata: ${JSON.stringify({ id: event.id })}\n\n`;
}

export function chatRoutes(pool: pg.Pool, hub: ChatHub, now: () => Date = () => new Date()): RestRoute[] {
  return [
    restRoute({
      method: 'GET',
      route: calls.chatMessages.route,
      request: chatListRequestSchema,
      handler: async ({ input }) => ({ success: true, data: await recentMessages(pool, input.before) }),
    }),
    restRoute({
      method: 'POST',
      route: calls.chatPost.route,
      request: chatPostRequestSchema,
      handler: async ({ input }) => {
        const session = await findSession(pool, input.token, now());
        if (!session) throw new WpHttpError(401, 'rest_not_logged_in', 'Please log in to post in the community chat.');
        const text = input.message.replace(controlCharacters, '').trim();
        if (!text) throw new WpHttpError(400, 'rest_invalid_param', 'Invalid parameter(s): message', { params: { message: 'Write a message first.' } });
        const message: ChatMessage = await inTransaction(pool, async (client) => {
          await client.query("SELECT pg_advisory_xact_lock(hashtext('chat:' || $1))", [session.customerId]);
          const { rows } = await client.query<{ n: number; first_name: string; last_name: string }>(
            `SELECT (SELECT count(*)::int FROM chat_messages WHERE customer_id = $1 AND created_at > now() - interval '1 minute') AS n,
                    first_name, last_name FROM customers WHERE id = $1`,
            [session.customerId],
          );
          const row = rows[0];
          if (!row) throw new WpHttpError(401, 'rest_not_logged_in', 'Please log in to post in the community chat.');
          if (row.n >= CHAT_RATE_LIMIT) {
            throw new WpHttpError(429, 'rest_chat_rate_limited', 'You are sending messages too quickly. Please wait a minute and try again.');
          }
          return insertMessage(client, session.customerId, chatAuthorName(row.first_name, row.last_name), text);
        });
        return { success: true, data: message };
      },
    }),
    restRoute({
      method: 'GET',
      route: CHAT_STREAM_ROUTE,
      request: null,
      handler: async ({ request, reply }) => {
        reply.hijack();
        const res = reply.raw;
        res.writeHead(200, {
          'Content-Type': 'text/event-stream; charset=utf-8',
          'Cache-Control': 'no-cache, no-transform',
          Connection: 'keep-alive',
          // Tells nginx-style proxies not to buffer the stream.
          'X-Accel-Buffering': 'no',
        });
        const send = (event: ChatEvent) => res.write(sseFrame(event));
        let unsubscribe = (): void => {};
        const heartbeat = setInterval(() => res.write(': ping\n\n'), HEARTBEAT_MS);
        const stop = () => {
          clearInterval(heartbeat);
          unsubscribe();
        };
        request.raw.socket.on('close', stop);
        res.on('close', stop);
        try {
          unsubscribe = await hub.subscribe(send, () => res.end());
          // A reconnecting EventSource says what it saw last: send what it missed.
          const lastId = Number(request.headers['last-event-id']);
          if (Number.isInteger(lastId) && lastId > 0) {
            for (const message of await messagesAfter(pool, lastId)) send({ type: 'message', message });
          }
          res.write('retry: 3000\n: connected\n\n');
        } catch (err) {
          console.error('[shop-api] chat stream could not start:', (err as Error).message);
          stop();
          res.end();
        }
      },
    }),
  ];
}
