import { chatListResponseSchema, chatPostResponseSchema, type ChatMessage } from '@cgg/contracts';
import { staffChatMessagesResponseSchema } from '@cgg/contracts/staff';
import type { FastifyInstance } from 'fastify';
import http from 'node:http';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { inTransaction } from '../accounts/queryable.ts';
import { createSession } from '../accounts/sessions.ts';
import { createStaff } from '../staff/staff-accounts.ts';
import { createStaffSession } from '../staff/staff-sessions.ts';
import { createTestApp } from '../test/test-database.ts';
import { CHAT_RATE_LIMIT, chatAuthorName } from './chat-routes.ts';
import { removeMessage } from './chat-repository.ts';

let app: FastifyInstance;
let pool: pg.Pool;
let close: () => Promise<void>;

async function customer(first: string, last: string): Promise<string> {
  const { rows } = await pool.query<{ id: number }>(
    `INSERT INTO customers (email, password_hash, first_name, last_name, over_18_confirmed_at)
     VALUES ($1, 'x', $2, $3, now()) RETURNING id`,
    [`${first.toLowerCase()}.${Math.random().toString(36).slice(2)}@example.com`, first, last],
  );
  return createSession(pool, rows[0]!.id, 'login', new Date());
}

const post = (target: FastifyInstance, token: string | undefined, message: unknown) =>
  target.inject({ method: 'POST', url: '/?rest_route=/api/v1/chat_post', payload: token === undefined ? { message } : { token, message } });

beforeAll(async () => {
  ({ app, pool, close } = await createTestApp());
});
afterAll(() => close());

/** Opens the SSE stream on a listening app and collects its frames. */
function openStream(base: string, headers: Record<string, string> = {}): Promise<{ frames: string[]; waitFor: (text: string) => Promise<void>; close: () => void; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const frames: string[] = [];
    const waiters: Array<() => void> = [];
    const req = http.get(`${base}/?rest_route=/api/v1/chat_stream`, { headers }, (res) => {
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        frames.push(chunk);
        for (const w of waiters.splice(0)) w();
      });
      const waitFor = (text: string) =>
        new Promise<void>((done) => {
          const check = () => (frames.join('').includes(text) ? done() : waiters.push(check));
          check();
        });
      void waitFor(': connected').then(() => resolve({ frames, waitFor, close: () => req.destroy(), headers: res.headers }));
    });
    req.on('error', (err) => (err.message.includes('socket hang up') ? undefined : reject(err)));
  });
}

describe('community chat', () => {
  it('names authors by first name and last initial', () => {
    expect(chatAuthorName('Jamie', 'thomson')).toBe('Jamie T.');
    expect(chatAuthorName(' ', '')).toBe('Player');
  });

  it('refuses visitors and unknown tokens, with nothing stored', async () => {
    // chat_post is declared for customers: a visitor is refused before the message is read.
    const visitor = await post(app, undefined, 'hi');
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json()).toMatchObject({ code: 'rest_not_logged_in' });
    const res = await post(app, 'not-a-session', 'hi');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'rest_not_logged_in', data: { status: 401 } });
    expect((await pool.query('SELECT count(*)::int AS n FROM chat_messages')).rows[0].n).toBe(0);
  });

  it('stores a signed-in post as plain text and lists it; markup is kept as typed, never interpreted', async () => {
    const token = await customer('Jamie', 'Thomson');
    const res = await post(app, token, '  <b>Good luck</b> everyone!  ');
    expect(res.statusCode).toBe(200);
    const { data } = chatPostResponseSchema.parse(res.json());
    expect(data).toMatchObject({ author: 'Jamie T.', message: '<b>Good luck</b> everyone!' });
    const list = chatListResponseSchema.parse((await app.inject({ method: 'GET', url: '/?rest_route=/api/v1/chat_messages' })).json());
    expect(list.data.at(-1)).toEqual(data);
    expect(await app.inject({ method: 'GET', url: '/?rest_route=/api/v1/chat_messages' }).then((r) => r.headers['content-type'])).toMatch(/json/);
  });

  it('limits length to 500 characters', async () => {
    const token = await customer('Long', 'Writer');
    const res = await post(app, token, 'x'.repeat(501));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'rest_invalid_param', data: { params: { message: expect.any(String) } } });
    expect((await post(app, token, 'x'.repeat(500))).statusCode).toBe(200);
  });

  it(`rate-limits each customer to ${CHAT_RATE_LIMIT} messages a minute, even when fired at once`, async () => {
    const token = await customer('Fast', 'Typer');
    const results = await Promise.all(Array.from({ length: CHAT_RATE_LIMIT + 3 }, (_, i) => post(app, token, `message ${i}`)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(CHAT_RATE_LIMIT);
    expect(results.filter((r) => r.statusCode === 429).map((r) => r.json().code)).toEqual(Array(3).fill('rest_chat_rate_limited'));
    for (const r of results.filter((r) => r.statusCode === 429)) expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
    const other = await customer('Calm', 'Typer');
    expect((await post(app, other, 'still fine')).statusCode).toBe(200);
  });

  it('streams posts made through ANOTHER API instance and removals (LISTEN/NOTIFY over SSE)', async () => {
    const listener = buildApp({ pool });
    const base = await listener.listen({ port: 0, host: '127.0.0.1' });
    try {
      const stream = await openStream(base);
      expect(stream.headers['content-type']).toMatch(/^text\/event-stream/);
      const token = await customer('Live', 'Poster');
      const { data } = chatPostResponseSchema.parse((await post(app, token, 'Live from instance A')).json());
      await stream.waitFor('Live from instance A');
      const frame = stream.frames.join('').split('\n\n').find((f) => f.includes('Live from instance A'))!;
      expect(frame).toContain(`id: ${data.id}\nevent: message\n`);
      const sent = JSON.parse(frame.split('data: ')[1]!) as ChatMessage;
      expect(sent).toEqual(data);
      expect(await removeMessage(pool, data.id)).toBe(true);
      await stream.waitFor(`event: removed\ndata: {"id":${data.id}}`);
      const list = chatListResponseSchema.parse((await app.inject({ method: 'GET', url: '/?rest_route=/api/v1/chat_messages' })).json());
      expect(list.data.some((m) => m.id === data.id)).toBe(false);
      stream.close();
    } finally {
      await listener.close();
    }
  });
});

describe('a reconnecting stream (Last-Event-ID)', () => {
  it('first gets what it missed, and a malformed id is a fresh start, not a closed stream', async () => {
    const listener = buildApp({ pool });
    const base = await listener.listen({ port: 0, host: '127.0.0.1' });
    try {
      const token = await customer('Missed', 'Poster');
      const missed = chatPostResponseSchema.parse((await post(app, token, 'Posted while away')).json()).data;
      const resumed = await openStream(base, { 'last-event-id': String(missed.id - 1) });
      await resumed.waitFor('Posted while away');
      resumed.close();
      for (const id of ['1e21', '99999999999999999999', '-5', 'abc']) {
        const fresh = await openStream(base, { 'last-event-id': id });
        expect(fresh.frames.join('')).not.toContain('Posted while away');
        fresh.close();
      }
    } finally {
      await listener.close();
    }
  });
});

describe('remove-chat-message command', () => {
  it('removes a visible message once, and explains bad input', async () => {
    const { removeChatMessageCommand } = await import('../cli/commands/remove-chat-message.ts');
    const token = await customer('Rude', 'Poster');
    const { data } = chatPostResponseSchema.parse((await post(app, token, 'spam spam')).json());
    const lines: string[] = [];
    const ctx = { pool, out: (l: string) => void lines.push(l) };
    expect(await removeChatMessageCommand.run([String(data.id), '--by', 'amy'], ctx)).toBe(0);
    expect(await removeChatMessageCommand.run([String(data.id)], ctx)).toBe(1);
    await expect(removeChatMessageCommand.run(['abc'], ctx)).rejects.toThrow('Give the id of one chat message.');
    expect(lines).toEqual([`Removed chat message ${data.id}.`, `No visible chat message ${data.id}.`]);
    const audit = await pool.query("SELECT actor, before FROM staff_audit_log WHERE action = 'chat.remove' AND subject = $1", [`chat message #${data.id}`]);
    expect(audit.rows).toEqual([{ actor: 'cli:amy', before: { author: 'Rude P.', customer_id: expect.any(Number) } }]);
  });
});

describe('moderating the chat from the back office', () => {
  it('support lists the visible messages newest first, with their writer, and removes one for everyone; an operator may not', async () => {
    const token = await customer('Mean', 'Mouth');
    const { data: rude } = chatPostResponseSchema.parse((await post(app, token, 'something rude')).json());
    const { data: fine } = chatPostResponseSchema.parse((await post(app, token, 'good luck all')).json());
    const writer = (await pool.query<{ customer_id: number }>('SELECT customer_id FROM chat_messages WHERE id = $1', [rude.id])).rows[0]!.customer_id;
    const bearer = async (role: 'support' | 'operator') => {
      const member = await inTransaction(pool, (client) =>
        createStaff(client, { email: `chat-${role}-${Math.random().toString(36).slice(2, 8)}@cgg.test`, name: `Chat ${role}`, role, password: 'Staff!Pass-2026', by: { staffId: null, actor: 'test' }, now: new Date() }),
      );
      return { member, token: await createStaffSession(pool, member.id, 'signed-in', new Date()) };
    };
    const support = await bearer('support');
    const operator = await bearer('operator');
    const staffPost = (name: string, payload: object, as: string) =>
      app.inject({ method: 'POST', url: `/?rest_route=/api/v1/staff/${name}`, headers: { 'content-type': 'application/json', authorization: `Bearer ${as}` }, payload });

    const listed = staffChatMessagesResponseSchema.parse((await staffPost('chat_messages', {}, support.token)).json()).data;
    expect(listed.slice(0, 2)).toEqual([
      { id: fine.id, author: 'Mean M.', message: 'good luck all', created_at: fine.created_at, customer_id: writer },
      { id: rude.id, author: 'Mean M.', message: 'something rude', created_at: rude.created_at, customer_id: writer },
    ]);
    const older = staffChatMessagesResponseSchema.parse((await staffPost('chat_messages', { before: fine.id }, support.token)).json()).data;
    expect(older[0]!.id).toBe(rude.id);
    expect((await staffPost('chat_remove', { id: rude.id }, operator.token)).statusCode).toBe(403);

    const removed = await staffPost('chat_remove', { id: rude.id }, support.token);
    expect(removed.json()).toEqual({ success: true, data: { id: rude.id } });
    // Gone for shoppers and from the moderation list; kept in the table, and in the audit log with its words.
    const publicList = chatListResponseSchema.parse((await app.inject({ method: 'GET', url: '/?rest_route=/api/v1/chat_messages' })).json()).data;
    expect(publicList.map((m: ChatMessage) => m.id)).not.toContain(rude.id);
    expect(publicList.map((m: ChatMessage) => m.id)).toContain(fine.id);
    expect(staffChatMessagesResponseSchema.parse((await staffPost('chat_messages', {}, support.token)).json()).data.map((m) => m.id)).not.toContain(rude.id);
    expect((await pool.query('SELECT removed_at IS NOT NULL AS removed FROM chat_messages WHERE id = $1', [rude.id])).rows).toEqual([{ removed: true }]);
    const audit = await pool.query("SELECT staff_id, before FROM staff_audit_log WHERE action = 'chat.remove' AND subject = $1", [`chat message #${rude.id}`]);
    // Whose message it was, not its words: those stay with the row (and go with the account).
    expect(audit.rows).toEqual([{ staff_id: support.member.id, before: { author: 'Mean M.', customer_id: writer } }]);

    const again = await staffPost('chat_remove', { id: rude.id }, support.token);
    expect([again.statusCode, again.json().code]).toEqual([404, 'cgg_chat_message_not_found']);
  });
});
