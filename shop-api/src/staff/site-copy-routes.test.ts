import { faqsResponseSchema, howItWorksResponseSchema, legalTermsResponseSchema, postalRouteResponseSchema } from '@cgg/contracts';
import { CHANGED_BEFORE_REMOVAL, CHANGED_MEANWHILE, PLAIN_TEXT_MESSAGE, staffFaqListResponseSchema } from '@cgg/contracts/staff';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../accounts/queryable.ts';
import { storeTestApp } from '../store/store-test-kit.ts';
import { createStaff } from './staff-accounts.ts';
import { createStaffSession } from './staff-sessions.ts';

let app: FastifyInstance;
let pool: pg.Pool;
let close: () => Promise<void>;
let admin: string;
let operator: string;

beforeAll(async () => {
  const t = await storeTestApp();
  ({ app, pool, close } = t);
  const member = (email: string, role: 'admin' | 'operator') =>
    inTransaction(pool, (client) => createStaff(client, { email, name: `Test ${role}`, role, password: 'Staff!Pass-2026', by: { staffId: null, actor: 'test' }, now: new Date() }));
  admin = await createStaffSession(pool, (await member('amy@cgg.test', 'admin')).id, 'signed-in', new Date());
  operator = await createStaffSession(pool, (await member('oli@cgg.test', 'operator')).id, 'signed-in', new Date());
}, 60_000);
afterAll(() => close());

const staffPost = (name: string, payload: object, bearer = admin) =>
  app.inject({ method: 'POST', url: `/?rest_route=/api/v1/staff/${name}`, headers: { 'content-type': 'application/json', authorization: `Bearer ${bearer}` }, payload });
const publicGet = async (route: string) => (await app.inject({ method: 'GET', url: `/?rest_route=/api/v1/${route}` })).json();
const faqs = async () => faqsResponseSchema.parse(await publicGet('get_faqs')).data;
const legal = async () => legalTermsResponseSchema.parse(await publicGet('get_legal_terms')).data;
const howItWorks = async () => howItWorksResponseSchema.parse(await publicGet('gethowitworkssettings')).data;
const postalRoute = async () => postalRouteResponseSchema.parse(await publicGet('get_free_postal_route')).data;
const audit = async (subject: string) =>
  (await pool.query<{ action: string; actor: string; before: unknown; after: unknown }>('SELECT action, actor, before, after FROM staff_audit_log WHERE subject = $1 ORDER BY id', [subject])).rows;

describe('FAQs', () => {
  it('adds an FAQ last, edits it, hides it, and the public list shows each change; each is audited', async () => {
    const list = staffFaqListResponseSchema.parse((await staffPost('faq_list', {})).json()).data;
    const added = await staffPost('faq_save', { category: 'Prizes', question: '  Do you deliver abroad? ', answer: 'No.\r\n\r\nUK addresses only.', published: true });
    expect(added.statusCode).toBe(200);
    const faq = staffFaqListResponseSchema.parse(added.json()).data.at(-1)!;
    expect(faq).toMatchObject({ category: 'Prizes', question: 'Do you deliver abroad?', answer: 'No.\n\nUK addresses only.', position: list.at(-1)!.position + 1, published: true });
    expect((await faqs()).at(-1)).toEqual({ id: faq.id, category: 'Prizes', question: 'Do you deliver abroad?', answer: 'No.\n\nUK addresses only.' });

    expect((await staffPost('faq_save', { id: faq.id, category: 'Prizes', question: 'Do you deliver outside the UK?', answer: 'No.', published: false })).statusCode).toBe(200);
    expect((await faqs()).some((f) => f.id === faq.id)).toBe(false);
    expect(staffFaqListResponseSchema.parse((await staffPost('faq_list', {})).json()).data.find((f) => f.id === faq.id)).toMatchObject({ question: 'Do you deliver outside the UK?', published: false });

    expect(await audit(`faq #${faq.id}`)).toEqual([
      { action: 'faq.create', actor: 'Test admin <amy@cgg.test>', before: null, after: { category: 'Prizes', question: 'Do you deliver abroad?', answer: 'No.\n\nUK addresses only.', published: true } },
      {
        action: 'faq.update', actor: 'Test admin <amy@cgg.test>',
        before: { category: 'Prizes', question: 'Do you deliver abroad?', answer: 'No.\n\nUK addresses only.', published: true },
        after: { category: 'Prizes', question: 'Do you deliver outside the UK?', answer: 'No.', published: false },
      },
    ]);
  });

  it('a new FAQ sent again with its key (at once or after a lost answer) is added once; the key with another question is refused', async () => {
    const faq = { category: 'Tickets', question: 'Can I gift tickets?', answer: 'Not yet.', published: true, idempotency_key: randomUUID() };
    const answers = await Promise.all([staffPost('faq_save', faq), staffPost('faq_save', faq)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    const list = staffFaqListResponseSchema.parse((await staffPost('faq_save', faq)).json()).data;
    expect(list.filter((f) => f.question === 'Can I gift tickets?')).toHaveLength(1);
    const added = list.find((f) => f.question === 'Can I gift tickets?')!;
    expect(await audit(`faq #${added.id}`)).toHaveLength(1);
    const other = await staffPost('faq_save', { ...faq, question: 'Can I gift credit?' });
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({ code: 'cgg_idempotency_key_reused', message: `That key added FAQ #${added.id} (Can I gift tickets?); add this one again as a new FAQ.` });
    expect(staffFaqListResponseSchema.parse((await staffPost('faq_list', {})).json()).data).toEqual(list);
  });

  it('reorders with every id once, and removes one; the public list follows', async () => {
    const ids = staffFaqListResponseSchema.parse((await staffPost('faq_list', {})).json()).data.map((f) => f.id);
    const reversed = [...ids].reverse();
    const res = await staffPost('faq_reorder', { ids: reversed });
    expect(res.statusCode).toBe(200);
    expect(staffFaqListResponseSchema.parse(res.json()).data.map((f) => f.id)).toEqual(reversed);
    const published = (await faqs()).map((f) => f.id);
    expect(published).toEqual(reversed.filter((id) => published.includes(id)));
    expect(await audit('faqs')).toEqual([{ action: 'faq.reorder', actor: 'Test admin <amy@cgg.test>', before: { ids }, after: { ids: reversed } }]);

    const gone = reversed[0]!;
    const removed = await staffPost('faq_remove', { id: gone });
    expect(staffFaqListResponseSchema.parse(removed.json()).data.map((f) => f.id)).toEqual(reversed.slice(1));
    expect((await faqs()).some((f) => f.id === gone)).toBe(false);
    expect((await audit(`faq #${gone}`)).at(-1)).toMatchObject({ action: 'faq.remove', after: null, before: { position: 1 } });
    expect((await staffPost('faq_remove', { id: gone })).statusCode).toBe(404);
  });

  it('refuses bad input naming the field, and changes nothing', async () => {
    const before = staffFaqListResponseSchema.parse((await staffPost('faq_list', {})).json()).data;
    const auditCount = (await pool.query('SELECT 1 FROM staff_audit_log')).rowCount;
    const bad = await staffPost('faq_save', { id: before[0]!.id, category: ' ', question: 'Fine?', answer: '<p>Yes</p>', published: true });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'rest_invalid_param', data: { params: { category: 'A category is required (questions are grouped by it).', answer: PLAIN_TEXT_MESSAGE } } });
    const tooLong = await staffPost('faq_save', { category: 'Prizes', question: 'q'.repeat(201), answer: 'Yes.', published: true });
    expect(tooLong.json().data.params).toEqual({ question: 'At most 200 characters.' });
    const partial = await staffPost('faq_reorder', { ids: before.slice(1).map((f) => f.id) });
    expect(partial.statusCode).toBe(400);
    expect(partial.json().data.params).toEqual({ ids: 'List every FAQ exactly once: the list has changed, reload it.' });
    expect((await staffPost('faq_save', { id: 999_999, category: 'x', question: 'x', answer: 'x', published: true })).statusCode).toBe(404);
    expect(staffFaqListResponseSchema.parse((await staffPost('faq_list', {})).json()).data).toEqual(before);
    expect((await pool.query('SELECT 1 FROM staff_audit_log')).rowCount).toBe(auditCount);
  });
});

describe('legal terms', () => {
  it("edits a document's title and body, dated today; the public page shows it; audited", async () => {
    const [, rules] = await legal();
    const res = await staffPost('legal_term_save', { tab: 2, title: 'Competition Rules', body: '## The draw\nA random number generator picks the ticket.' });
    expect(res.statusCode).toBe(200);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());
    expect((await legal())[1]).toEqual({ tab: 2, slug: 'competition-rules', title: 'Competition Rules', body: '## The draw\nA random number generator picks the ticket.', updated_on: today });
    expect(await audit('legal terms tab 2')).toEqual([{
      action: 'legal.update', actor: 'Test admin <amy@cgg.test>',
      before: { slug: 'competition-rules', title: 'Competition Rules', body: rules!.body },
      after: { slug: 'competition-rules', title: 'Competition Rules', body: '## The draw\nA random number generator picks the ticket.' },
    }]);
  });

  it('adds a document on the next tab and removes it; the linked tabs stay', async () => {
    const added = legalTermsResponseSchema.parse((await staffPost('legal_term_save', { slug: 'refund-policy', title: 'Refunds', body: 'When we refund.' })).json()).data.at(-1)!;
    expect(added).toMatchObject({ tab: 6, slug: 'refund-policy', title: 'Refunds' });
    expect((await legal()).map((t) => t.tab)).toEqual([1, 2, 3, 4, 5, 6]);
    expect((await staffPost('legal_term_remove', { tab: 6 })).statusCode).toBe(200);
    expect((await legal()).map((t) => t.tab)).toEqual([1, 2, 3, 4, 5]);
    expect((await audit('legal terms tab 6')).map((a) => a.action)).toEqual(['legal.create', 'legal.remove']);
    const fixed = await staffPost('legal_term_remove', { tab: 3 });
    expect(fixed.statusCode).toBe(409);
    expect(fixed.json().code).toBe('cgg_legal_term_fixed');
  });

  it('refuses bad input naming the field, and changes nothing', async () => {
    const before = await legal();
    const html = await staffPost('legal_term_save', { tab: 1, title: '', body: 'Hello <script>alert(1)</script>' });
    expect(html.statusCode).toBe(400);
    expect(html.json().data.params).toEqual({ title: 'A title is required.', body: PLAIN_TEXT_MESSAGE });
    expect((await staffPost('legal_term_save', { title: 'New', body: 'Text.' })).json().data.params).toEqual({ slug: 'A new document needs a slug, e.g. refund-policy.' });
    expect((await staffPost('legal_term_save', { slug: 'cookies', title: 'New', body: 'Text.' })).json().data.params).toEqual({ slug: 'Another document has this slug.' });
    expect((await staffPost('legal_term_save', { slug: 'Bad Slug', title: 'New', body: 'Text.' })).json().data.params).toEqual({ slug: 'Lower-case letters, digits and single hyphens, e.g. refund-policy.' });
    expect((await staffPost('legal_term_save', { tab: 99, title: 'New', body: 'Text.' })).statusCode).toBe(404);
    expect(await legal()).toEqual(before);
  });
});

describe('how it works', () => {
  it('replaces the title, intro and steps; the public section shows them; audited before and after', async () => {
    const before = await howItWorks();
    const next = { title: 'How to play', intro: 'Four steps to a prize.', steps: [{ title: 'Choose', body: 'Pick a competition.' }, { title: 'Answer', body: 'Answer the question.' }] };
    const res = await staffPost('how_it_works', next);
    expect(res.statusCode).toBe(200);
    expect(howItWorksResponseSchema.parse(res.json()).data).toEqual(next);
    expect(await howItWorks()).toEqual(next);
    expect(await audit('how it works')).toEqual([{ action: 'how-it-works.update', actor: 'Test admin <amy@cgg.test>', before, after: next }]);
  });

  it('refuses bad input naming the field, and changes nothing', async () => {
    const before = await howItWorks();
    const bad = await staffPost('how_it_works', { title: 'Fine', intro: '', steps: [{ title: 'Choose', body: '' }] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.params).toEqual({ intro: 'An introduction is required.', steps: 'A step needs its text.' });
    expect((await staffPost('how_it_works', { title: 'Fine', intro: 'Fine', steps: [] })).json().data.params).toEqual({ steps: 'Give at least one step.' });
    expect(await howItWorks()).toEqual(before);
  });
});

describe('free postal route', () => {
  const page = {
    title: 'Enter free by post', intro: 'No purchase necessary.', address_lines: ['CGG Free Entry', 'PO Box 99', 'Leeds', 'LS1 1AA'],
    what_to_write: ['Your name', 'Your answer'], fairness: 'Same odds as a paid entry.', closing_rules: ['One entry per envelope.'],
  };

  it('replaces the page; the public page shows it; audited before and after', async () => {
    const before = await postalRoute();
    const res = await staffPost('postal_route', { ...page, address_lines: [' CGG Free Entry ', 'PO Box 99', 'Leeds', 'LS1 1AA'] });
    expect(res.statusCode).toBe(200);
    expect(await postalRoute()).toEqual(page);
    expect(await audit('postal route')).toEqual([{ action: 'postal-route.update', actor: 'Test admin <amy@cgg.test>', before, after: page }]);
  });

  it('refuses bad input naming the field, and changes nothing', async () => {
    const before = await postalRoute();
    const bad = await staffPost('postal_route', { ...page, address_lines: ['PO Box 99', 'PO Box 99'], closing_rules: [], fairness: '<b>Same</b>' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.params).toEqual({ address_lines: 'Each address line once: two are the same.', closing_rules: 'Give at least one rule.', fairness: PLAIN_TEXT_MESSAGE });
    expect(await postalRoute()).toEqual(before);
  });
});

describe('who may edit', () => {
  it('refuses an operator every site-copy call, and changes nothing', async () => {
    const before = { faqs: await faqs(), legal: await legal(), how: await howItWorks(), postal: await postalRoute() };
    const calls: Array<[string, object]> = [
      ['faq_list', {}],
      ['faq_save', { category: 'x', question: 'x', answer: 'x', published: true }],
      ['faq_reorder', { ids: before.faqs.map((f) => f.id) }],
      ['faq_remove', { id: before.faqs[0]!.id }],
      ['legal_term_save', { tab: 1, title: 'x', body: 'x' }],
      ['legal_term_remove', { tab: 1 }],
      ['how_it_works', { title: 'x', intro: 'x', steps: [{ title: 'x', body: 'x' }] }],
      ['postal_route', { ...before.postal }],
    ];
    for (const [name, payload] of calls) expect((await staffPost(name, payload, operator)).statusCode, name).toBe(403);
    expect({ faqs: await faqs(), legal: await legal(), how: await howItWorks(), postal: await postalRoute() }).toEqual(before);
  });
});

describe('two people editing the same section', () => {
  type Case = {
    what: string;
    route: string;
    /** The fields the editor loads (and sends back changed), as the back office reads them. */
    load: () => Promise<Record<string, unknown>>;
    /** A change of those fields. */
    change: (loaded: Record<string, unknown>, mark: string) => Record<string, unknown>;
    /** Whatever else the request names (which FAQ, document, page). */
    target?: Record<string, unknown>;
  };
  const staffGet = async (route: string) => (await staffPost(route, {})).json().data;
  const pick = (o: Record<string, unknown>, keys: string[]) => Object.fromEntries(keys.map((k) => [k, o[k]]));
  const cases: Case[] = [
    {
      what: 'an FAQ', route: 'faq_save', target: { id: 1 },
      load: async () => pick((await staffGet('faq_list')).find((f: { id: number }) => f.id === 1), ['category', 'question', 'answer', 'published']),
      change: (l, mark) => ({ ...l, answer: `${String(l.answer)} ${mark}` }),
    },
    {
      what: 'a legal document', route: 'legal_term_save', target: { tab: 2 },
      load: async () => pick((await legal()).find((t) => t.tab === 2)!, ['title', 'body']),
      change: (l, mark) => ({ ...l, body: `${String(l.body)} ${mark}` }),
    },
    {
      what: 'how it works', route: 'how_it_works',
      load: async () => pick((await howItWorks()) as unknown as Record<string, unknown>, ['title', 'intro', 'steps']),
      change: (l, mark) => ({ ...l, intro: `${String(l.intro)} ${mark}` }),
    },
    {
      what: 'the free postal route', route: 'postal_route',
      load: async () => pick((await postalRoute()) as unknown as Record<string, unknown>, ['title', 'intro', 'address_lines', 'what_to_write', 'fairness', 'closing_rules']),
      change: (l, mark) => ({ ...l, fairness: `${String(l.fairness)} ${mark}` }),
    },
    {
      what: 'the shop settings', route: 'settings',
      load: async () => pick(await staffGet('settings_view'), ['announcement', 'slider_speed']),
      change: (l, mark) => ({ ...l, announcement: `Announcement ${mark}` }),
    },
    {
      what: 'a page\'s SEO row', route: 'seo_update', target: { page: 'home' },
      load: async () => pick((await staffGet('seo_list')).find((r: { page: string }) => r.page === 'home'), ['page_title', 'meta_title', 'meta_description']),
      change: (l, mark) => ({ ...l, meta_description: `Description ${mark}` }),
    },
    {
      what: 'the review thresholds', route: 'harm_settings_update',
      load: async () => pick(await staffGet('harm_settings'), ['raises_count', 'high_spend']),
      change: (l, mark) => ({ ...l, raises_count: Number(l.raises_count) + (mark === 'first' ? 1 : 2) }),
    },
  ];

  it('removing an FAQ or a legal document someone else changed since is refused, nothing removed; as stored now, it goes', async () => {
    const faq = { category: 'Prizes', question: 'Who removes this?', answer: 'Nobody yet.', published: true };
    const added = (await staffPost('faq_save', { ...faq, idempotency_key: randomUUID() })).json().data.find((f: { question: string }) => f.question === faq.question);
    const edited = { ...faq, answer: 'Someone edited it.' };
    expect((await staffPost('faq_save', { id: added.id, ...edited, base: faq })).statusCode).toBe(200);
    const term = { title: 'Prize delivery', body: 'How prizes travel.' };
    const tab = (await staffPost('legal_term_save', { slug: 'prize-delivery', ...term })).json().data.at(-1).tab;
    expect((await staffPost('legal_term_save', { tab, title: term.title, body: 'Edited since.', base: term })).statusCode).toBe(200);
    const audited = (await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM staff_audit_log')).rows[0]!.n;

    for (const [route, request] of [['faq_remove', { id: added.id, base: faq }], ['legal_term_remove', { tab, base: term }]] as const) {
      const stale = await staffPost(route, request);
      expect([stale.statusCode, stale.json().code, stale.json().message], route).toEqual([409, CHANGED_BEFORE_REMOVAL.code, CHANGED_BEFORE_REMOVAL.message]);
    }
    expect((await staffGet('faq_list')).some((f: { id: number }) => f.id === added.id)).toBe(true);
    expect((await legal()).some((t) => t.tab === tab)).toBe(true);
    expect((await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM staff_audit_log')).rows[0]!.n).toBe(audited);

    expect((await staffPost('faq_remove', { id: added.id, base: edited })).statusCode).toBe(200);
    expect((await staffPost('legal_term_remove', { tab, base: { title: term.title, body: 'Edited since.' } })).statusCode).toBe(200);
    expect((await staffGet('faq_list')).some((f: { id: number }) => f.id === added.id)).toBe(false);
    expect((await legal()).some((t) => t.tab === tab)).toBe(false);
  });

  for (const c of cases) {
    it(`${c.what}: a save from what someone else has since changed is refused, nothing written; without a base it saves as before`, async () => {
      // Both open the editor; the first saves.
      const loaded = await c.load();
      const first = c.change(loaded, 'first');
      const saved = await staffPost(c.route, { ...c.target, ...first, base: loaded });
      expect(saved.statusCode).toBe(200);
      expect(await c.load()).toEqual(first);
      const audited = (await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM staff_audit_log')).rows[0]!.n;
      // The second, from the same load, is told and writes nothing.
      const second = c.change(loaded, 'second');
      const stale = await staffPost(c.route, { ...c.target, ...second, base: loaded });
      expect([stale.statusCode, stale.json().code, stale.json().message]).toEqual([409, CHANGED_MEANWHILE.code, CHANGED_MEANWHILE.message]);
      expect(await c.load()).toEqual(first);
      expect((await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM staff_audit_log')).rows[0]!.n).toBe(audited);
      // From what is stored now, it saves.
      expect((await staffPost(c.route, { ...c.target, ...second, base: first })).statusCode).toBe(200);
      expect(await c.load()).toEqual(second);
      // An older back office sends no base: last writer wins, as before.
      expect((await staffPost(c.route, { ...c.target, ...first })).statusCode).toBe(200);
      expect(await c.load()).toEqual(first);
    });
  }
});
