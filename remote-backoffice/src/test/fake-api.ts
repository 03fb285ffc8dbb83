import { vi } from 'vitest';

type Reply = ((body: Record<string, unknown>) => unknown) | object | string;
export interface SentCall {
  route: string;
  body: Record<string, unknown>;
  bearer: string | null;
}

/** An API refusal in the WordPress shape the shop answers with. */
export const refusal = (status: number, code: string, message: string) => ({ refusal: { status, body: { code, message, data: { status } } } });

/**
 * fetch replaced by the back office's side of the API, keyed by route ('staff/login'): each
 * reply is a payload, a function of the request's JSON body (which may answer later, as a promise), or `refusal(...)`. What was sent
 * (route, body, bearer) is kept in `sent`.
 */
export function fakeApi(replies: Record<string, Reply>) {
  const sent: SentCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const route = (new URL(String(input), 'http://localhost').searchParams.get('rest_route') ?? '').replace('/api/v1/', '');
      const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
      const bearer = new Headers(init?.headers).get('Authorization')?.replace(/^Bearer /, '') ?? null;
      sent.push({ route, body, bearer });
      const raw = route in replies ? replies[route] : refusal(404, 'rest_no_route', 'No route');
      // A reply may be a promise: a test holds the answer back to look at the screen meanwhile.
      const reply = await (typeof raw === 'function' ? (raw as (b: Record<string, unknown>) => unknown)(body) : raw);
      const { status, body: answer } = reply && typeof reply === 'object' && 'refusal' in reply ? (reply as { refusal: { status: number; body: unknown } }).refusal : { status: 200, body: reply };
      return new Response(JSON.stringify(answer), { status, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return { sent, routes: () => sent.map((s) => s.route) };
}
