import { vi } from 'vitest';

type Answer = unknown | ((body: Record<string, unknown>) => unknown);
export interface ApiCallLog {
  route: string;
  method: string;
  body: Record<string, unknown>;
  authorization: string | null;
}

/**
 * Replaces fetch with a tiny fake of the shop API, keyed by route name
 * (`/api/v1/<name>`). An answer is a payload, a function of the request body (POST
 * JSON or GET query), or `{status, body}` for an error. With `hold`, answers wait for
 * `release()`, so a test can see spinners and SAVING... first.
 */
export function mockApi(answers: Record<string, Answer>, { hold = false } = {}) {
  const calls: ApiCallLog[] = [];
  let release: () => void = () => undefined;
  const gate = hold ? new Promise<void>((r) => (release = r)) : Promise.resolve();
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const name = (url.searchParams.get('rest_route') ?? '').replace('/api/v1/', '');
    const query = Object.fromEntries([...url.searchParams].filter(([k]) => k !== 'rest_route'));
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : query;
    const headers = new Headers(init?.headers);
    calls.push({ route: name, method: init?.method ?? 'GET', body, authorization: headers.get('Authorization') });
    await gate;
    if (!(name in answers)) return jsonResponse({ code: 'rest_no_route', message: 'No route', data: { status: 404 } }, 404);
    const raw = answers[name];
    const answer = typeof raw === 'function' ? (raw as (b: Record<string, unknown>) => unknown)(body) : raw;
    if (answer && typeof answer === 'object' && 'status' in answer && 'body' in answer) {
      const { status, body: errorBody } = answer as { status: number; body: unknown };
      return jsonResponse(errorBody, status);
    }
    return jsonResponse(answer, 200);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, release: () => release(), fetchMock, routes: () => calls.map((c) => c.route) };
}

function jsonResponse(body: unknown, status: number): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

export function wpError(status: number, code: string, message: string) {
  return { status, body: { code, message, data: { status } } };
}
