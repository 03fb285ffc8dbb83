import { vi } from 'vitest';

/** Seeds-like answers of the site-content calls, keyed by route name. */
export const fakeAnswers: Record<string, unknown> = {
  getsettings: {
    success: true,
    data: {
      suggested_tickets: [5, 10],
      announcement: 'Live draws every night at 8pm',
      live_draw_info: 'On Facebook',
      main_competition: 1,
      slider_height_desktop: 520,
      slider_height_tablet: 420,
      slider_height_mobile: 300,
      show_question: 1,
      slider_speed: 5000,
      reward_prize_info: '',
      frontend_scripts: '',
    },
  },
  getSEOSettings: { success: true, data: [{ page_title: 'SEO title from the API', meta_description: 'SEO description from the API', meta_title: 'x' }] },
  get_faqs: {
    success: true,
    data: [
      { id: 1, category: 'Entering', question: 'Who can enter?', answer: 'UK residents aged 18 or over.' },
      { id: 2, category: 'Draws', question: 'How is the winner picked?', answer: 'A random number generator, live.' },
    ],
  },
  get_legal_terms: {
    success: true,
    data: [
      { tab: 1, slug: 'terms', title: 'Terms & Conditions', body: '## Eligibility\nYou must be 18.', updated_on: '2026-11-01' },
      { tab: 2, slug: 'rules', title: 'Competition Rules', body: 'Rules text.', updated_on: '2026-11-01' },
      { tab: 3, slug: 'privacy-policy', title: 'Privacy Policy', body: 'We look after your data.', updated_on: '2026-11-02' },
      { tab: 4, slug: 'acceptable-use', title: 'Acceptable Use', body: 'Be kind.', updated_on: '2026-11-01' },
    ],
  },
  get_free_postal_route: {
    success: true,
    data: {
      title: 'Free postal entry route',
      intro: 'Enter free by post.',
      address_lines: ['CGG Competitions – Free Entry', 'PO Box 1234', 'Manchester', 'M1 1AA'],
      what_to_write: ['Your full name', 'Your answer to the competition question'],
      fairness: 'Postal entries have the same odds and the same per-person ticket limit.',
      closing_rules: ['Entries must arrive before the closing date.'],
    },
  },
  gethowitworkssettings: {
    success: true,
    data: { title: 'How it works', intro: 'Entering takes a minute.', steps: [{ title: 'Choose your competition', body: 'Pick one.' }, { title: 'Answer the question', body: 'Skill.' }] },
  },
  chat_messages: { success: true, data: [{ id: 1, author: 'Jamie T.', message: '<b>Good luck</b> all', created_at: '2026-11-20T19:00:00.000Z' }] },
};

export interface FakeCall {
  route: string;
  method: string;
  body: unknown;
}

/**
 * Stubs fetch with the answers above (override per test with a value or a function).
 * Returns the calls made, by route name.
 */
export function stubApi(overrides: Record<string, unknown | ((body: unknown) => Response)> = {}): FakeCall[] {
  const seen: FakeCall[] = [];
  const answers = { ...fakeAnswers, ...overrides };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(String(input), 'http://shell.test');
      const route = (url.searchParams.get('rest_route') ?? '').split('/').pop() ?? '';
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      seen.push({ route, method: init?.method ?? 'GET', body });
      const answer = answers[route];
      if (typeof answer === 'function') return (answer as (b: unknown) => Response)(body);
      if (answer === undefined) return new Response(JSON.stringify({ code: 'rest_no_route', message: 'No route', data: { status: 404 } }), { status: 404 });
      return new Response(JSON.stringify(answer), { status: 200, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return seen;
}

export const jsonResponse = (body: unknown, status = 200): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
