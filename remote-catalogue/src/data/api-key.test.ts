import { encodeSessionToken, SESSION_TOKEN_KEY } from '@cgg/contracts';
import { describe, expect, it } from 'vitest';
import { makeCompetition, responses } from '../../test/fixtures.ts';
import { mockApi } from '../../test/mock-api.ts';
import { apiFetcher, apiKey } from './api-key.ts';

describe('catalogue calls', () => {
  it("competition calls carry the signed-in customer's token in the body and as the bearer", async () => {
    localStorage.setItem(SESSION_TOKEN_KEY, encodeSessionToken('customer-token-1'));
    const api = mockApi({ getcompetition: { success: true, data: makeCompetition() }, featured_competition: responses.featured([], []) });
    await apiFetcher(apiKey('getcompetition', { id: 7 }));
    await apiFetcher(apiKey('featuredCompetition'));
    expect(api.calls.map((c) => c.body)).toEqual([{ id: 7, token: 'customer-token-1' }, { token: 'customer-token-1' }]);
    const headers = api.fetchMock.mock.calls.map(([, init]) => new Headers(init?.headers).get('Authorization'));
    expect(headers).toEqual(['Bearer customer-token-1', 'Bearer customer-token-1']);
  });

  it("a visitor's carry no token, and settings-type calls never do", async () => {
    const api = mockApi({ getcompetition: { success: true, data: makeCompetition() }, getsettings: responses.settings() });
    await apiFetcher(apiKey('getcompetition', { id: 7 }));
    localStorage.setItem(SESSION_TOKEN_KEY, encodeSessionToken('customer-token-1'));
    await apiFetcher(apiKey('getsettings'));
    expect(api.calls[0]!.body).toEqual({ id: 7 });
    // GET with the site credential: no body, no token anywhere.
    const [settingsUrl, settingsInit] = api.fetchMock.mock.calls[1]!;
    expect(String(settingsUrl)).not.toContain('customer-token-1');
    expect(settingsInit?.body).toBeUndefined();
    expect(new Headers(settingsInit?.headers).get('Authorization')).not.toContain('customer-token-1');
  });
});
