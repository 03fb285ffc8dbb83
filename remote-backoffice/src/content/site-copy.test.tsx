import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { HowItWorks, LegalTerm, PostalRoute } from '@cgg/contracts';
import { CHANGED_BEFORE_REMOVAL, CHANGED_MEANWHILE, PLAIN_TEXT_MESSAGE, type StaffFaq, type StaffSettings } from '@cgg/contracts/staff';
import { describe, expect, it } from 'vitest';
import { fakeApi, refusal } from '../test/fake-api.ts';
import { admin } from '../test/fixtures.ts';
import { renderBackOffice } from '../test/render-back-office.tsx';

const settings: StaffSettings = {
  suggested_tickets: [5, 10], announcement: '', live_draw_info: '', main_competition: null, slider_height_desktop: 520,
  slider_height_tablet: 420, slider_height_mobile: 300, show_question: 1, slider_speed: 5000, reward_prize_info: '', frontend_scripts: '',
  credit_card_monthly_cap: '250.00',
};
const faqs: StaffFaq[] = [
  { id: 1, category: 'Entering', question: 'How do I enter?', answer: 'Pick a competition.', position: 1, published: true },
  { id: 2, category: 'Draws', question: 'When is the draw?', answer: 'At 8pm.', position: 2, published: true },
];
const terms: LegalTerm[] = [
  { tab: 1, slug: 'terms-and-conditions', title: 'Terms & Conditions', body: '## About us\nWe run competitions.', updated_on: '2026-11-01' },
  { tab: 6, slug: 'refund-policy', title: 'Refunds', body: 'When we refund.', updated_on: '2026-11-02' },
];
const howItWorks: HowItWorks = { title: 'How it works', intro: 'Three steps.', steps: [{ title: 'Choose', body: 'Pick one.' }, { title: 'Answer', body: 'Answer the question.' }] };
const postal: PostalRoute = {
  title: 'Free postal entry', intro: 'Enter by post.', address_lines: ['PO Box 1234', 'Manchester', 'M1 1AA'], what_to_write: ['Your name'], fairness: 'Same odds.', closing_rules: ['One per envelope.'],
};

/** The content screen's API, with `over` replacing or adding replies. */
function contentApi(over: Parameters<typeof fakeApi>[0] = {}) {
  return fakeApi({
    'staff/me': { success: true, data: admin },
    'staff/settings_view': { success: true, data: settings },
    'staff/seo_list': { success: true, data: [] },
    'staff/faq_list': { success: true, data: faqs },
    get_legal_terms: { success: true, data: terms },
    gethowitworkssettings: { success: true, data: howItWorks },
    get_free_postal_route: { success: true, data: postal },
    ...over,
  });
}

const bodyOf = (api: ReturnType<typeof fakeApi>, route: string) => api.sent.find((s) => s.route === route)?.body;

describe('FAQs', () => {
  it('checks each field, previews the answer as the FAQ page shows it, and saves with a message', async () => {
    const api = contentApi({ 'staff/faq_save': (b) => ({ success: true, data: faqs.map((f) => (f.id === b.id ? { ...f, ...b } : f)) }) });
    renderBackOffice('/admin/content', 'tok');
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'FAQ: How do I enter?' });
    await user.clear(within(form).getByLabelText('Question'));
    await user.clear(within(form).getByLabelText('Answer'));
    await user.type(within(form).getByLabelText('Answer'), '<p>Pick one</p>');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(within(form).getByText('A question is required.')).toBeTruthy();
    expect(within(form).getByText(PLAIN_TEXT_MESSAGE)).toBeTruthy();
    expect(api.routes()).not.toContain('staff/faq_save');

    await user.type(within(form).getByLabelText('Question'), 'How do I enter a competition?');
    await user.clear(within(form).getByLabelText('Answer'));
    await user.type(within(form).getByLabelText('Answer'), '## Online{enter}Pick a competition.{enter}{enter}Or enter by post.');
    const preview = within(form).getByRole('region', { name: 'Preview: FAQ: How do I enter?' });
    expect(within(preview).getByRole('heading', { level: 4, name: 'Online' })).toBeTruthy();
    expect(within(preview).getByText('Or enter by post.').tagName).toBe('P');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect((await within(form).findByRole('status')).textContent).toBe('Saved. The FAQ page shows it on its next load.');
    expect(bodyOf(api, 'staff/faq_save')).toEqual({ id: 1, category: 'Entering', question: 'How do I enter a competition?', answer: '## Online\nPick a competition.\n\nOr enter by post.', published: true,
      // The FAQ as loaded: the API refuses the save if someone else changed it meanwhile.
      base: { category: 'Entering', question: 'How do I enter?', answer: 'Pick a competition.', published: true },
    });
  });

  it('adds an FAQ, moves one, and removes one after a confirmation', async () => {
    const api = contentApi({
      'staff/faq_save': (b) => ({ success: true, data: [...faqs, { ...b, id: 3, position: 3 }] }),
      'staff/faq_reorder': { success: true, data: [faqs[1], faqs[0]] },
      'staff/faq_remove': { success: true, data: [faqs[1]] },
    });
    renderBackOffice('/admin/content', 'tok');
    const user = userEvent.setup();
    const add = await screen.findByRole('form', { name: 'New FAQ' });
    await user.click(within(add).getByRole('button', { name: 'Add FAQ' }));
    expect(within(add).getByText('A category is required (questions are grouped by it).')).toBeTruthy();
    expect(within(add).getByText('An answer is required.')).toBeTruthy();
    await user.type(within(add).getByLabelText('Category'), 'Prizes');
    await user.type(within(add).getByLabelText('Question'), 'Do you deliver?');
    await user.type(within(add).getByLabelText('Answer'), 'Yes, in the UK.');
    await user.click(within(add).getByRole('button', { name: 'Add FAQ' }));
    expect(await screen.findByRole('form', { name: 'FAQ: Do you deliver?' })).toBeTruthy();
    expect(bodyOf(api, 'staff/faq_save')).toEqual({ category: 'Prizes', question: 'Do you deliver?', answer: 'Yes, in the UK.', published: true, idempotency_key: expect.stringMatching(/^[0-9a-f-]{36}$/) });

    await user.click(screen.getByRole('button', { name: 'Move down: How do I enter?' }));
    expect((await screen.findByText('FAQs updated. The FAQ page shows them on its next load.'))).toBeTruthy();
    expect(bodyOf(api, 'staff/faq_reorder')).toEqual({ ids: [2, 1, 3] });

    await user.click(screen.getByRole('button', { name: 'Remove: How do I enter?' }));
    expect(api.routes()).not.toContain('staff/faq_remove');
    await user.click(within(screen.getByRole('form', { name: 'FAQ: How do I enter?' })).getByRole('button', { name: 'Confirm removal' }));
    await screen.findByText('FAQs updated. The FAQ page shows them on its next load.');
    // The FAQ as shown: the API refuses the removal if someone else changed it since.
    expect(bodyOf(api, 'staff/faq_remove')).toEqual({ id: 1, base: { category: 'Entering', question: 'How do I enter?', answer: 'Pick a competition.', published: true } });
    expect(screen.queryByRole('form', { name: 'FAQ: How do I enter?' })).toBeNull();
  });

  it('adds a new FAQ pressed again after a lost answer under the same key; the next FAQ gets a new one', async () => {
    let answers = 0;
    const api = contentApi({
      // The first answer is lost on the way (the gateway in front of the API timed out).
      'staff/faq_save': (b) => (++answers === 1 ? refusal(504, 'rest_gateway_timeout', 'The server took too long to answer. Please try again.') : { success: true, data: [...faqs, { ...b, id: 2 + answers, position: 2 + answers }] }),
    });
    renderBackOffice('/admin/content', 'tok');
    const user = userEvent.setup();
    const add = await screen.findByRole('form', { name: 'New FAQ' });
    const fill = async (question: string) => {
      await user.type(within(add).getByLabelText('Category'), 'Prizes');
      await user.type(within(add).getByLabelText('Question'), question);
      await user.type(within(add).getByLabelText('Answer'), 'Yes.');
    };
    await fill('Do you deliver?');
    await user.click(within(add).getByRole('button', { name: 'Add FAQ' }));
    expect((await within(add).findByRole('alert')).textContent).toBe('The server took too long to answer. Please try again.');
    await user.click(within(add).getByRole('button', { name: 'Add FAQ' }));
    expect(await screen.findByRole('form', { name: 'FAQ: Do you deliver?' })).toBeTruthy();
    await fill('Do you post abroad?');
    await user.click(within(add).getByRole('button', { name: 'Add FAQ' }));
    expect(await screen.findByRole('form', { name: 'FAQ: Do you post abroad?' })).toBeTruthy();
    const keys = api.sent.filter((s) => s.route === 'staff/faq_save').map((s) => s.body.idempotency_key);
    expect(keys).toHaveLength(3);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
  });
});

describe('FAQs edited by two people', () => {
  it("a save sends the FAQ as its form started from, not a newer copy the list got from another save: someone else's change is refused, not undone", async () => {
    // Saving FAQ 1 answers the whole list, in which someone else has meanwhile changed FAQ 2.
    const theirs = { ...faqs[1]!, answer: 'At 9pm now.' };
    const api = contentApi({
      'staff/faq_save': ({ base: _base, ...b }) => ({ success: true, data: b.id === 1 ? [{ ...faqs[0]!, ...b }, theirs] : [faqs[0]!, { ...theirs, ...b }] }),
    });
    renderBackOffice('/admin/content', 'tok');
    const user = userEvent.setup();
    const first = await screen.findByRole('form', { name: 'FAQ: How do I enter?' });
    await user.type(within(first).getByLabelText('Answer'), ' Or by post.');
    await user.click(within(first).getByRole('button', { name: 'Save' }));
    await within(first).findByRole('status');
    const second = screen.getByRole('form', { name: 'FAQ: When is the draw?' });
    await user.clear(within(second).getByLabelText('Answer'));
    await user.type(within(second).getByLabelText('Answer'), 'At 8pm, live.');
    await user.click(within(second).getByRole('button', { name: 'Save' }));
    await within(second).findByRole('status');
    const bases = api.sent.filter((c) => c.route === 'staff/faq_save').map((c) => c.body.base);
    expect(bases).toEqual([
      { category: 'Entering', question: 'How do I enter?', answer: 'Pick a competition.', published: true },
      { category: 'Draws', question: 'When is the draw?', answer: 'At 8pm.', published: true },
    ]);
  });
});

describe('removing what someone else changed meanwhile', () => {
  it("an FAQ: sent with what its form shows, not a newer copy the list got from another save; refused, it stays", async () => {
    // Saving FAQ 1 answers the whole list, in which someone else has meanwhile changed FAQ 2.
    const theirs = { ...faqs[1]!, answer: 'At 9pm now.' };
    const api = contentApi({
      'staff/faq_save': ({ base: _base, ...b }) => ({ success: true, data: [{ ...faqs[0]!, ...b }, theirs] }),
      'staff/faq_remove': refusal(409, CHANGED_BEFORE_REMOVAL.code, CHANGED_BEFORE_REMOVAL.message),
    });
    renderBackOffice('/admin/content', 'tok');
    const user = userEvent.setup();
    const first = await screen.findByRole('form', { name: 'FAQ: How do I enter?' });
    await user.click(within(first).getByRole('button', { name: 'Save' }));
    await within(first).findByRole('status');
    await user.click(screen.getByRole('button', { name: 'Remove: When is the draw?' }));
    await user.click(within(screen.getByRole('form', { name: 'FAQ: When is the draw?' })).getByRole('button', { name: 'Confirm removal' }));
    expect((await screen.findByText(CHANGED_BEFORE_REMOVAL.message)).closest('[role="alert"]')).toBeTruthy();
    expect(bodyOf(api, 'staff/faq_remove')).toEqual({ id: 2, base: { category: 'Draws', question: 'When is the draw?', answer: 'At 8pm.', published: true } });
    expect(screen.getByRole('form', { name: 'FAQ: When is the draw?' })).toBeTruthy();
  });

  it('a legal document: sent with the document as shown; refused, it stays', async () => {
    const api = contentApi({ 'staff/legal_term_remove': refusal(409, CHANGED_BEFORE_REMOVAL.code, CHANGED_BEFORE_REMOVAL.message) });
    renderBackOffice('/admin/content', 'tok');
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Legal: Refunds' });
    await user.click(within(form).getByRole('button', { name: 'Remove' }));
    await user.click(within(form).getByRole('button', { name: 'Confirm removal' }));
    expect((await within(form).findByRole('alert')).textContent).toBe(CHANGED_BEFORE_REMOVAL.message);
    expect(bodyOf(api, 'staff/legal_term_remove')).toEqual({ tab: 6, base: { title: 'Refunds', body: 'When we refund.' } });
    expect(screen.getByRole('form', { name: 'Legal: Refunds' })).toBeTruthy();
  });
});

describe('legal terms', () => {
  it('previews a document with its headings, checks the title, and shows a refused save', async () => {
    const api = contentApi({ 'staff/legal_term_save': refusal(404, 'cgg_legal_term_not_found', 'There is no legal document on tab 1.') });
    renderBackOffice('/admin/content', 'tok');
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Legal: Terms & Conditions' });
    const preview = within(form).getByRole('region', { name: 'Preview: Legal: Terms & Conditions' });
    expect(within(preview).getByRole('heading', { level: 4, name: 'About us' })).toBeTruthy();
    expect(within(preview).getByText('Last updated November 1, 2026')).toBeTruthy();
    // The tabs the site links have no Remove; one an admin added has.
    expect(within(form).queryByRole('button', { name: 'Remove' })).toBeNull();
    expect(within(screen.getByRole('form', { name: 'Legal: Refunds' })).getByRole('button', { name: 'Remove' })).toBeTruthy();

    await user.clear(within(form).getByLabelText('Title'));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(within(form).getByText('A title is required.')).toBeTruthy();
    await user.type(within(form).getByLabelText('Title'), 'Terms');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect((await within(form).findByRole('alert')).textContent).toBe('There is no legal document on tab 1.');
    expect(bodyOf(api, 'staff/legal_term_save')).toEqual({ tab: 1, title: 'Terms', body: '## About us\nWe run competitions.', base: { title: 'Terms & Conditions', body: '## About us\nWe run competitions.' } });
  });

  it('adds a document only with a slug', async () => {
    const api = contentApi({ 'staff/legal_term_save': (b) => ({ success: true, data: [...terms, { tab: 7, slug: b.slug, title: b.title, body: b.body, updated_on: '2026-11-03' }] }) });
    renderBackOffice('/admin/content', 'tok');
    const user = userEvent.setup();
    const add = await screen.findByRole('form', { name: 'New legal document' });
    await user.type(within(add).getByLabelText('Title'), 'Complaints');
    await user.type(within(add).getByLabelText('Text'), 'Write to us.');
    await user.click(within(add).getByRole('button', { name: 'Add document' }));
    expect(within(add).getByText('A new document needs a slug, e.g. refund-policy.')).toBeTruthy();
    await user.type(within(add).getByLabelText('Slug'), 'Complaints Policy');
    await user.click(within(add).getByRole('button', { name: 'Add document' }));
    expect(within(add).getByText('Lower-case letters, digits and single hyphens, e.g. refund-policy.')).toBeTruthy();
    await user.clear(within(add).getByLabelText('Slug'));
    await user.type(within(add).getByLabelText('Slug'), 'complaints');
    await user.click(within(add).getByRole('button', { name: 'Add document' }));
    expect(await screen.findByRole('form', { name: 'Legal: Complaints' })).toBeTruthy();
    expect(bodyOf(api, 'staff/legal_term_save')).toEqual({ slug: 'complaints', title: 'Complaints', body: 'Write to us.' });
  });
});

describe('how it works', () => {
  it("checks each step's fields, previews the numbered steps, and saves the whole section", async () => {
    const api = contentApi({ 'staff/how_it_works': (b) => ({ success: true, data: b }) });
    renderBackOffice('/admin/content', 'tok');
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'How it works' });
    await user.clear(within(form).getByLabelText('Step 2 text'));
    await user.click(within(form).getByRole('button', { name: 'Add a step' }));
    await user.type(within(form).getByLabelText('Step 3 title'), 'Watch');
    await user.click(within(form).getByRole('button', { name: 'Save how it works' }));
    expect(within(form).getAllByText('A step needs its text.')).toHaveLength(2);
    expect(within(form).getByLabelText('Step 2 text').getAttribute('aria-invalid')).toBe('true');
    expect(api.routes()).not.toContain('staff/how_it_works');

    await user.type(within(form).getByLabelText('Step 2 text'), 'Answer it.');
    await user.type(within(form).getByLabelText('Step 3 text'), 'Live at 8pm.');
    const preview = within(form).getByRole('region', { name: 'How it works preview' });
    expect(within(preview).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['ChoosePick one.', 'AnswerAnswer it.', 'WatchLive at 8pm.']);
    await user.click(within(form).getByRole('button', { name: 'Save how it works' }));
    expect((await within(form).findByRole('status')).textContent).toBe('Saved. The How it works page shows it on its next load.');
    expect(bodyOf(api, 'staff/how_it_works')).toEqual({ ...howItWorks, steps: [howItWorks.steps[0], { title: 'Answer', body: 'Answer it.' }, { title: 'Watch', body: 'Live at 8pm.' }], base: howItWorks });
  });
});

describe('free postal route', () => {
  it('edits the lists one per line, says which line is wrong, previews the address, and saves', async () => {
    const api = contentApi({ 'staff/postal_route': (b) => ({ success: true, data: b }) });
    renderBackOffice('/admin/content', 'tok');
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Free postal route' });
    // A blank line before the long one: the line named is the box's own (5), not the list's (4).
    await user.type(within(form).getByLabelText('Address'), `{enter}{enter}${'x'.repeat(101)}`);
    await user.clear(within(form).getByLabelText('Closing rules'));
    await user.click(within(form).getByRole('button', { name: 'Save postal route' }));
    expect(within(form).getByText('Line 5: At most 100 characters.')).toBeTruthy();
    expect(within(form).getByText('Give at least one rule.')).toBeTruthy();
    expect(api.routes()).not.toContain('staff/postal_route');

    await user.clear(within(form).getByLabelText('Address'));
    await user.type(within(form).getByLabelText('Address'), 'PO Box 99{enter}{enter}Leeds');
    await user.type(within(form).getByLabelText('Closing rules'), 'Arrive before closing.');
    const preview = within(form).getByRole('region', { name: 'Free postal route preview' });
    expect(preview.querySelector('address')!.textContent).toBe('PO Box 99Leeds');
    await user.click(within(form).getByRole('button', { name: 'Save postal route' }));
    expect((await within(form).findByRole('status')).textContent).toBe('Saved. The free postal route page shows it on its next load.');
    expect(bodyOf(api, 'staff/postal_route')).toEqual({ ...postal, address_lines: ['PO Box 99', 'Leeds'], closing_rules: ['Arrive before closing.'], base: postal });
  });

  it('says when someone else saved the page meanwhile and keeps what was typed; each save goes from the last one saved', async () => {
    let saves = 0;
    const api = contentApi({
      'staff/postal_route': ({ base: _base, ...page }) => (++saves === 2 ? refusal(409, CHANGED_MEANWHILE.code, CHANGED_MEANWHILE.message) : { success: true, data: page }),
    });
    renderBackOffice('/admin/content', 'tok');
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Free postal route' });
    await user.clear(within(form).getByLabelText('Same odds, same limits'));
    await user.type(within(form).getByLabelText('Same odds, same limits'), 'Exactly the same odds.');
    await user.click(within(form).getByRole('button', { name: 'Save postal route' }));
    await within(form).findByRole('status');
    await user.type(within(form).getByLabelText('Introduction'), ' Free.');
    await user.click(within(form).getByRole('button', { name: 'Save postal route' }));
    expect((await within(form).findByRole('alert')).textContent).toBe(CHANGED_MEANWHILE.message);
    expect((within(form).getByLabelText('Introduction') as HTMLTextAreaElement).value).toBe('Enter by post. Free.');
    const sent = api.sent.filter((c) => c.route === 'staff/postal_route').map((c) => c.body.base);
    expect(sent).toEqual([postal, { ...postal, fairness: 'Exactly the same odds.' }]);
  });

  it('shows an empty form when the page has not been written yet', async () => {
    contentApi({ get_free_postal_route: refusal(404, 'rest_postal_route_missing', 'The free postal route has not been written yet.') });
    renderBackOffice('/admin/content', 'tok');
    const form = await screen.findByRole('form', { name: 'Free postal route' });
    expect((within(form).getByLabelText('Title') as HTMLInputElement).value).toBe('');
  });
});
