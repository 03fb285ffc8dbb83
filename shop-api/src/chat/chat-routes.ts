import type { ChatMessage } from '@cgg/contracts';
import type pg from 'pg';
import { inTransaction } from '../accounts/queryable.ts';
import { declaredRoute, type DeclaredRoute } from '../http/declared-routes.ts';
import { routeTable } from '../http/route-table.ts';
import { WpHttpError } from '../http/wp-error.ts';
import { RATE_LIMITS, type RateLimits } from '../http/rate-limits.ts';
import type { ChatHub, ChatEvent } from './chat-hub.ts';
import { insertMessage, messagesAfter, recentMessages } from './chat-repository.ts';

/** At most this many messages per customer per minute (http/rate-limits.ts). */
export const CHAT_RATE_LIMIT = RATE_LIMITS.chatCustomer.points;
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

const notLoggedIn = (): WpHttpError => new WpHttpError(401, 'rest_not_logged_in', 'Please log in to post in the community chat.');

export function chatRoutes(pool: pg.Pool, hub: ChatHub, limits: RateLimits): DeclaredRoute[] {
  return [
    declaredRoute(routeTable.chatMessages, {
      summary: 'The latest community chat messages (`before` pages back).',
      description: 'The 50 latest visible messages, oldest first; `before` (a message id) pages back.',
      handler: async ({ input }) => ({ success: true, data: await recentMessages(pool, input.before) }),
    }),
    declaredRoute(routeTable.chatPost, {
      summary: 'Posts a message in the community chat as the signed-in customer (rate-limited per customer).',
      description: 'The message is trimmed, control characters other than line breaks dropped, 1-500 characters, stored as plain text. Author: first name and last initial. Errors: 400 `rest_invalid_param` (empty, over 500); 401 `rest_not_logged_in` (no, unknown, expired or revoked token); 429 `rest_chat_rate_limited` with `Retry-After` after 5 messages in a minute.',
      // Signed out or a session that ended: the chat box says so in its own words.
      refuse: notLoggedIn,
      handler: async ({ input, customer: session }) => {
        const text = input.message.replace(controlCharacters, '').trim();
        if (!text) throw new WpHttpError(400, 'rest_invalid_param', 'Invalid parameter(s): message', { params: { message: 'Write a message first.' } });
        // Counted in one atomic step: messages fired at once cannot all slip under the limit.
        await limits.take('chatCustomer', session.customerId);
        const message: ChatMessage = await inTransaction(pool, async (client) => {
          const { rows } = await client.query<{ first_name: string; last_name: string }>('SELECT first_name, last_name FROM customers WHERE id = $1', [
            session.customerId,
          ]);
          const row = rows[0];
          if (!row) throw notLoggedIn();
          return insertMessage(client, session.customerId, chatAuthorName(row.first_name, row.last_name), text);
        });
        return { success: true, data: message };
      },
    }),
    declaredRoute(routeTable.chatStream, {
      summary: 'Server-Sent Events: each new chat message (`message`) and each removal (`removed`); `Last-Event-ID` resumes after a message.',
      description: '`text/event-stream`: `id` + `event: message` + the message JSON for each new message, `event: removed` + `{id}` for each removal, `: ping` every 25 s. With `Last-Event-ID` the missed messages come first. Works across API instances (PostgreSQL NOTIFY on channel `chat_events`).',
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
          // Digits only: "1e21" is an integer to Number() but no message id to PostgreSQL.
          const header = request.headers['last-event-id'];
          const lastId = typeof header === 'string' && /^[1-9]\d{0,14}$/.test(header) ? Number(header) : 0;
          if (lastId > 0) {
            for (const message of await messagesAfter(pool, lastId)) send({ type: 'message', message });
          }
          res.write('retry: 3000\n: connected\n\n');
        } catch (err) {
          request.log.error({ err }, 'chat stream could not start');
          stop();
          res.end();
        }
      },
    }),
  ];
}
