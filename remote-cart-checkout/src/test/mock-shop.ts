import { vi } from 'vitest';

export interface ShopCall {
  route: string;
  method: string;
  body: Record<string, unknown>;
  headers: Headers;
}
type Handler = (body: Record<string, unknown>, call: ShopCall) => unknown;
/** A payload (any JSON object or array), an error `{status, body}`, or a handler returning one. */
type Answer = Handler | object;

/**
 * Replaces fetch with a fake shop API. Routes are the rest_route without its prefix:
 * 'getcompetition' (/api/v1/...) or 'store:POST /cart/add-item' (/wc/store/v1/...), and the
 * demo payment provider's paths: 'demo-pay:POST /payment_methods' (/wp-json/demo-pay/v1/...).
 * Every Store answer carries fresh Nonce / Nonce-Timestamp / Cart-Token headers, as
 * the server's do. An answer is a payload, a function of the body (or a promise of one), or `{status, body}`.
 */
export function mockShop(answers: Record<string, Answer>) {
  const calls: ShopCall[] = [];
  let nonceCount = 0;
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const restRoute = url.searchParams.get('rest_route') ?? '';
    const method = init?.method ?? 'GET';
    const isStore = restRoute.startsWith('/wc/store/v1');
    // The demo payment provider is called on its own paths, as Stripe.js calls Stripe.
    const demoPay = url.pathname.startsWith('/wp-json/demo-pay/v1') ? `demo-pay:${method} ${url.pathname.replace('/wp-json/demo-pay/v1', '')}` : null;
    const route = demoPay ?? (isStore ? `store:${method} ${restRoute.replace('/wc/store/v1', '')}` : restRoute.replace('/api/v1/', ''));
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
    const call = { route, method, body, headers: new Headers(init?.headers) };
    calls.push(call);
    const storeHeaders: Record<string, string> = isStore
      ? { Nonce: `nonce-${++nonceCount}`, 'Nonce-Timestamp': '1790000000', 'Cart-Token': 'cart-token-1' }
      : {};
    if (!(route in answers)) return json({ code: 'rest_no_route', message: 'No route', data: { status: 404 } }, 404, {});
    const raw = answers[route];
    // A handler may answer later (a promise): a test sees the page while the call is under way.
    const answer: unknown = await (typeof raw === 'function' ? (raw as Handler)(body, call) : raw);
    if (answer && typeof answer === 'object' && 'status' in answer && 'body' in answer) {
      const a = answer as { status: number; body: unknown; headers?: Record<string, string> };
      return json(a.body, a.status, { ...storeHeaders, ...a.headers });
    }
    return json(answer, 200, storeHeaders);
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    fetchMock,
    routes: () => calls.map((c) => c.route),
    last: (route: string) => [...calls].reverse().find((c) => c.route === route),
  };
}

function json(body: unknown, status: number, headers: Record<string, string>): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
}

export function wpError(status: number, code: string, message: string, data: Record<string, unknown> = {}) {
  return { status, body: { code, message, data: { status, ...data } } };
}

/** Lets queued promises (fetch answers, state updates) run. */
export async function settle(rounds = 10): Promise<void> {
  for (let i = 0; i < rounds; i++) await new Promise((r) => setTimeout(r, 0));
}
