import { encodeSessionToken, PAGE_DATA_ELEMENT_ID, resetPageData, SESSION_TOKEN_KEY } from '@cgg/contracts';
import { afterEach, describe, expect, it } from 'vitest';
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

  describe('with the answers the page carried', () => {
    afterEach(() => {
      document.getElementById(PAGE_DATA_ELEMENT_ID)?.remove();
      resetPageData();
    });
    const carry = (entries: unknown[]) => {
      const el = document.createElement('script');
      el.type = 'application/json';
      el.id = PAGE_DATA_ELEMENT_ID;
      el.textContent = JSON.stringify({ at: Date.now(), entries });
      document.head.append(el);
      resetPageData();
    };

    it("a visitor's first ask is answered from the page, the next one by the API", async () => {
      const competition = makeCompetition({ id: 7, title: 'From the page' });
      carry([{ call: 'getcompetition', payload: { id: 7 }, response: { success: true, data: competition } }]);
      const api = mockApi({ getcompetition: { success: true, data: makeCompetition({ id: 7, title: 'From the API' }) } });
      expect(await apiFetcher(apiKey('getcompetition', { id: 7 }))).toMatchObject({ data: { title: 'From the page' } });
      expect(api.calls).toHaveLength(0);
      expect(await apiFetcher(apiKey('getcompetition', { id: 7 }))).toMatchObject({ data: { title: 'From the API' } });
      expect(api.calls).toHaveLength(1);
    });

    it("a signed-in customer's first ask is answered from the page too (the API answers alike), the next by the API with their token", async () => {
      carry([{ call: 'getcompetition', payload: { id: 7 }, response: { success: true, data: makeCompetition({ id: 7, title: 'From the page' }) } }]);
      localStorage.setItem(SESSION_TOKEN_KEY, encodeSessionToken('customer-token-1'));
      const api = mockApi({ getcompetition: { success: true, data: makeCompetition({ id: 7 }) } });
      expect(await apiFetcher(apiKey('getcompetition', { id: 7 }))).toMatchObject({ data: { title: 'From the page' } });
      expect(api.calls).toHaveLength(0);
      await apiFetcher(apiKey('getcompetition', { id: 7 }));
      expect(api.calls[0]!.body).toEqual({ id: 7, token: 'customer-token-1' });
    });
  });
});
