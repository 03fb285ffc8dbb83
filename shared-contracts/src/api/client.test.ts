import { describe, expect, it, vi } from 'vitest';
import { calls } from './calls.ts';
import { SITE_BEARER, apiRequest, restUrl } from './client.ts';
import { ApiError } from './wp-error.ts';

function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

const winners = { success: true, totalPrizeValue: '1500.00', totalWinner: 3 };

describe('api client', () => {
  it('addresses routes through rest_route', () => {
    expect(restUrl('/api/v1/getsettings')).toBe('/?rest_route=/api/v1/getsettings');
    expect(restUrl('/api/v1/get_bank_details', { token: 'a b' })).toBe('/?rest_route=/api/v1/get_bank_details&token=a+b');
  });

  it('sends the site credential on settings-type calls', async () => {
    const fetchImpl = vi.fn(async () => jsonResponse(winners));
    await apiRequest(calls.winnersSummary, undefined, { fetchImpl });
    const [url, init] = fetchImpl.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/?rest_route=/api/v1/get_realtime_winners_prize_value');
    expect((init.headers as Record<string, string>).Authorization).toBe(`Bearer ${SITE_BEARER}`);
    expect(init.method).toBe('GET');
  });

  it('sends the body token as bearer on competition calls, JSON body', async () => {
    const fetchImpl = vi.fn(async () => jsonResponse({ success: false, message: 'x' }, 404));
    await expect(apiRequest(calls.getcompetition, { token: 'tok', id: 3 }, { fetchImpl })).rejects.toBeInstanceOf(ApiError);
    const [, init] = fetchImpl.mock.calls[0] as unknown as [string, RequestInit];
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer tok');
    expect(init.body).toBe(JSON.stringify({ token: 'tok', id: 3 }));
  });

  it("sends the caller's own bearer when given one (a staff session)", async () => {
    const fetchImpl = vi.fn(async () => jsonResponse(winners));
    await apiRequest(calls.winnersSummary, undefined, { fetchImpl, bearer: 'staff-session' });
    const [, init] = fetchImpl.mock.calls[0] as unknown as [string, RequestInit];
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer staff-session');
  });

  it('turns a WordPress error body into an ApiError', async () => {
    const fetchImpl = vi.fn(async () =>
      jsonResponse({ code: 'rest_no_route', message: 'No route was found matching the URL and request method.', data: { status: 404 } }, 404),
    );
    const err = await apiRequest(calls.getsettings, undefined, { fetchImpl }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).code).toBe('rest_no_route');
    expect((err as ApiError).status).toBe(404);
  });

  it('refuses an answer that does not match the contract', async () => {
    const fetchImpl = vi.fn(async () => jsonResponse({ success: true, totalWinner: 'three' }));
    const err = await apiRequest(calls.winnersSummary, undefined, { fetchImpl }).catch((e: unknown) => e);
    expect((err as ApiError).code).toBe('invalid_response');
  });
});
