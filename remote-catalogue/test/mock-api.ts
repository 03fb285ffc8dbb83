import { vi } from 'vitest';

type Answer = unknown | ((body: Record<string, unknown>) => unknown);
export interface ApiCallLog {
  route: string;
  body: Record<string, unknown>;
}

/**
 * Replaces fetch with a tiny fake of the shop API, keyed by route name
 * (`/api/v1/<name>`). An answer may be a payload, a function of the request body, or
 * `{status, body}` for an error. With `hold`, answers wait for `release()`, so a test
 * can see the spinners first.
 */
export function mockApi(answers: Record<string, Answer>, { hold = false } = {}) {
  const calls: ApiCallLog[] = [];
  let release!: () => void;
  const gate = hold ? new Promise<void>((r) => (release = r)) : Promise.resolve();
  if (!hold) release = () => undefined;
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const route = url.searchParams.get('rest_route') ?? '';
    const name = route.replace('/api/v1/', '');
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : Object.fromEntries(url.searchParams);
    calls.push({ route: name, body });
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
  return { calls, release: () => release(), fetchMock };
}

function jsonResponse(body: unknown, status: number): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

export const notFound = { status: 404, body: { code: 'competition_not_found', message: 'No such competition', data: { status: 404 } } };
