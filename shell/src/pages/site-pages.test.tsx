import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderSite } from '../test/render-site.tsx';
import { stubApi } from '../test/fake-api.ts';

beforeEach(() => {
  localStorage.clear();
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('FAQ page', () => {
  it('lists questions from the API in an accordion that opens and closes', async () => {
    stubApi();
    renderSite('/faq');
    const question = await screen.findByRole('button', { name: /Who can enter\?/ });
    expect(question.getAttribute('aria-expanded')).toBe('false');
    const answer = document.getElementById(question.getAttribute('aria-controls')!)!;
    expect(answer.hidden).toBe(true);
    await userEvent.click(question);
    expect(question.getAttribute('aria-expanded')).toBe('true');
    expect(answer.hidden).toBe(false);
    expect(within(answer).getByText('UK residents aged 18 or over.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Draws' })).toBeTruthy();
  });

  it('takes its document title and meta description from its SEO row', async () => {
    stubApi();
    renderSite('/faq');
    await waitFor(() => expect(document.title).toBe('SEO title from the API'));
    expect(document.querySelector('meta[name="description"]')!.getAttribute('content')).toBe('SEO description from the API');
  });

  it('says so, with a retry, when the API fails', async () => {
    stubApi({ get_faqs: () => new Response('down', { status: 502 }) });
    renderSite('/faq');
    expect((await screen.findByRole('alert')).textContent).toMatch(/couldn't load the FAQs/);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

describe('legal terms page', () => {
  it('opens the privacy policy for ?tab=3 and moves between tabs with the arrow keys', async () => {
    stubApi();
    const { router } = renderSite('/legal-terms?tab=3');
    const privacy = await screen.findByRole('tab', { name: 'Privacy Policy' });
    expect(privacy.getAttribute('aria-selected')).toBe('true');
    expect(privacy.tabIndex).toBe(0);
    expect(screen.getByRole('tabpanel').textContent).toContain('We look after your data.');
    fireEvent.keyDown(privacy, { key: 'ArrowRight' });
    const next = screen.getByRole('tab', { name: 'Acceptable Use' });
    await waitFor(() => expect(next.getAttribute('aria-selected')).toBe('true'));
    expect(document.activeElement).toBe(next);
    expect(router.state.location.search).toBe('?tab=4');
    fireEvent.keyDown(next, { key: 'Home' });
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Terms & Conditions' }).getAttribute('aria-selected')).toBe('true'));
    expect(screen.getByRole('heading', { level: 3, name: 'Eligibility' })).toBeTruthy();
  });

  it('shows the first tab without (or with an unknown) tab parameter', async () => {
    stubApi();
    renderSite('/legal-terms?tab=99');
    expect((await screen.findByRole('tab', { selected: true })).textContent).toBe('Terms & Conditions');
  });
});

describe('free postal route and how it works', () => {
  it('shows the address, what to write, the fairness rule and closing rules from the API', async () => {
    stubApi();
    renderSite('/free-postal-route');
    expect((await screen.findByText('PO Box 1234')).closest('address')).toBeTruthy();
    expect(screen.getByText('Your answer to the competition question')).toBeTruthy();
    expect(screen.getByText(/same odds and the same per-person ticket limit/)).toBeTruthy();
    expect(screen.getByText('Entries must arrive before the closing date.')).toBeTruthy();
  });

  it('lists the how-it-works steps', async () => {
    stubApi();
    renderSite('/how-it-works');
    expect(await screen.findByRole('heading', { level: 2, name: 'Choose your competition' })).toBeTruthy();
    expect(screen.getAllByRole('listitem').some((li) => li.textContent?.includes('Answer the question'))).toBe(true);
  });
});

describe('responsible play', () => {
  it('is linked from the footer and publishes our measures and the support organisations', async () => {
    stubApi();
    renderSite('/faq');
    const footer = screen.getByRole('contentinfo');
    fireEvent.click(within(footer).getByRole('link', { name: 'Responsible play' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Responsible play' })).toBeTruthy();
    const measures = screen.getByRole('region', { name: 'What we do to keep play safe' });
    for (const text of [/including a limit of £0/, /raising one only takes effect after 24 hours/, /up to 6 months, or close it permanently/, /limit what can be spent on credit cards/, /18 or older/, /reviews accounts that show signs of harm/]) {
      expect(within(measures).getByText(text)).toBeTruthy();
    }
    expect(within(measures).getByRole('link', { name: 'free postal route' }).getAttribute('href')).toBe('/free-postal-route');
    const help = screen.getByRole('region', { name: 'Free, confidential support' });
    expect(within(help).getByRole('link', { name: '0808 8020 133' }).getAttribute('href')).toBe('tel:08088020133');
    for (const [name, href] of [['gamcare.org.uk', 'https://www.gamcare.org.uk'], ['begambleaware.org', 'https://www.begambleaware.org'], ['gamblersanonymous.org.uk', 'https://www.gamblersanonymous.org.uk']]) {
      expect(within(help).getByRole('link', { name }).getAttribute('href')).toBe(href);
    }
    expect(within(help).getByText('Gamblers Anonymous UK:')).toBeTruthy();
    // The title follows the page once its meta is applied (after zod has loaded): waited for, not assumed.
    await waitFor(() => expect(document.title).toContain('Responsible play'));
  });
});
