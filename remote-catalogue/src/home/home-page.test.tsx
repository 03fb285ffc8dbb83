import { screen, waitFor, within } from '@testing-library/react';
import { vi } from 'vitest';
import { HomePage } from './home-page.tsx';
import { homeSections } from './home-sections.ts';
import { catalogueSwrConfig } from '../data/swr-config.ts';
import { renderAt } from '../../test/render.tsx';
import { mockApi } from '../../test/mock-api.ts';
import { makeCompetition, makeSettings, responses } from '../../test/fixtures.ts';

const open = [
  makeCompetition({ id: 1, title: 'Audi RS3 Sportback', category: 'cars', price_per_ticket: '2.99' }),
  makeCompetition({ id: 2, title: 'PlayStation 5 Pro', category: 'tech', enable_instant_wins: true, price_per_ticket: '0.49' }),
  makeCompetition({ id: 3, title: '£10,000 Tax-Free Cash', category: 'cash' }),
];
const finished = [makeCompetition({ id: 9, title: 'Rolex Submariner', status: 'drawn', winning_ticket_number: 1234 })];

function api(hold = false, overrides: Record<string, unknown> = {}) {
  return mockApi(
    {
      featured_competition: responses.featured([open[0]!, open[1]!], open),
      getsettings: responses.settings(makeSettings({ main_competition: 3 })),
      getSEOSettings: responses.seo('Win Big | CGG', 'Prize competitions for the UK'),
      drawn_next_competition: responses.array([open[2]!]),
      finished_soldout_competition: responses.array(finished),
      get_realtime_winners_prize_value: responses.winners(),
      ...overrides,
    },
    { hold },
  );
}

const renderHome = () => renderAt('/', [{ path: '/', element: <HomePage /> }]);

describe('HomePage', () => {
  it('renders the spec sections in order, each with a spinner while loading, then content', async () => {
    const { release } = api(true);
    const { container } = renderHome();
    const root = container.querySelector('[data-boundary="catalogue"]');
    expect(root).not.toBeNull();
    const order = [...root!.querySelectorAll('[data-section]')].map((s) => s.getAttribute('data-section'));
    expect(order).toEqual(['carousel', 'pricing', 'anchor-navigation', 'next-draw', 'instant-wins', 'comps-for-everyone', 'finished-competitions', 'wrapper']);
    expect(order).toEqual(homeSections.map((s) => s.key));
    // Every section that waits on data shows the accessible spinner.
    for (const key of ['carousel', 'pricing', 'anchor-navigation', 'next-draw', 'instant-wins', 'comps-for-everyone', 'finished-competitions', 'wrapper']) {
      const section = root!.querySelector(`[data-section="${key}"]`) as HTMLElement;
      expect(within(section).getByRole('status', { name: 'Loading' })).toBeTruthy();
    }

    release();
    await waitFor(() => expect(screen.queryAllByRole('status', { name: 'Loading' })).toHaveLength(0));
    const section = (key: string) => root!.querySelector(`[data-section="${key}"]`) as HTMLElement;
    expect(within(section('carousel')).getByRole('region', { name: 'Featured competitions slideshow' })).toBeTruthy();
    expect(within(section('pricing')).getByText('£0.49')).toBeTruthy();
    expect(within(section('anchor-navigation')).getByRole('link', { name: 'Next draw' }).getAttribute('href')).toBe('#next-draw');
    expect(within(section('anchor-navigation')).getByRole('link', { name: 'Cars' }).getAttribute('href')).toBe('/competitions/cars');
    expect(within(section('next-draw')).getByRole('link', { name: '£10,000 Tax-Free Cash' })).toBeTruthy();
    expect(within(section('instant-wins')).getByText('PlayStation 5 Pro')).toBeTruthy();
    expect(within(section('instant-wins')).queryByText('Audi RS3 Sportback')).toBeNull();
    // Each open competition is listed once below the carousel: what the next-draw and instant-win
    // sections show is not repeated in comps for everyone.
    expect(within(section('comps-for-everyone')).getByText('Audi RS3 Sportback')).toBeTruthy();
    expect(within(section('comps-for-everyone')).queryByText('PlayStation 5 Pro')).toBeNull();
    expect(within(section('comps-for-everyone')).queryByText('£10,000 Tax-Free Cash')).toBeNull();
    expect(within(section('finished-competitions')).getByText('Rolex Submariner')).toBeTruthy();
    expect(within(section('wrapper')).getByText('£125,000.00')).toBeTruthy();
    expect(within(section('wrapper')).getByRole('link', { name: 'Free postal route' }).getAttribute('href')).toBe('/free-postal-route');
  });

  it("holds the carousel's place at the settings' slider heights while the featured list loads", async () => {
    const { fetchMock } = api(false, { getsettings: responses.settings(makeSettings({ slider_height_mobile: 360, slider_height_tablet: 480, slider_height_desktop: 600 })) });
    // The featured list never answers here; everything else does.
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => (String(input).includes('featured_competition') ? new Promise(() => undefined) : fetchMock(input, init)));
    const { container } = renderHome();
    const placeholder = () => container.querySelector('.cat-home__hero-placeholder') as HTMLElement | null;
    await waitFor(() => expect(placeholder()?.style.getPropertyValue('--cat-slider-h-mobile')).toBe('360px'));
    expect(placeholder()!.style.getPropertyValue('--cat-slider-h-tablet')).toBe('480px');
    expect(placeholder()!.style.getPropertyValue('--cat-slider-h-desktop')).toBe('600px');
  });

  it('leads the carousel with the main competition from the settings', async () => {
    api();
    renderHome();
    await screen.findByRole('region', { name: 'Featured competitions slideshow' });
    const slides = [...document.querySelectorAll<HTMLElement>('[aria-roledescription="slide"]')];
    expect(slides.map((s) => s.getAttribute('aria-label'))).toEqual(['1 of 3', '2 of 3', '3 of 3']);
    expect(within(slides[0]!).getByRole('heading', { hidden: true }).textContent).toBe('£10,000 Tax-Free Cash');
    expect(within(slides[1]!).getByRole('heading', { hidden: true }).textContent).toBe('Audi RS3 Sportback');
    expect(screen.getByRole('button', { name: 'Next slide' })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /^Go to slide/ })).toHaveLength(3);
  });

  it('sets the document title and meta description from the SEO settings', async () => {
    const { calls } = api();
    renderHome();
    await waitFor(() => expect(document.title).toBe('Win Big | CGG'));
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toBe('Prize competitions for the UK');
    expect(calls.find((c) => c.route === 'getSEOSettings')?.body).toEqual({ page: 'home' });
  });

  it("reads through the catalogue's own swr cache, not swr's global one", async () => {
    api();
    renderHome();
    await screen.findByRole('region', { name: 'Featured competitions slideshow' });
    const keys = [...catalogueSwrConfig().provider!(new Map()).keys()].join(' ');
    expect(keys).toContain('featuredCompetition');
    // SEO, settings and winners live in the shared 15-minute localStorage caches instead.
    expect(keys).not.toContain('getSEOSettings');
    await waitFor(() => expect(JSON.parse(localStorage.getItem('home_meta') ?? 'null')?.page_title).toBe('Win Big | CGG'));
    expect(Number(localStorage.getItem('home_meta_timestamp'))).toBeGreaterThan(0);
  });

  it('keeps working with empty title and description when SEO and settings fail (silently)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const failure = { status: 500, body: { code: 'boom', message: 'down', data: { status: 500 } } };
    api(false, { getSEOSettings: failure, getsettings: failure });
    renderHome();
    expect(await screen.findByRole('region', { name: 'Featured competitions slideshow' })).toBeTruthy();
    expect(document.title).toBe('');
    expect(screen.queryByRole('alert')).toBeNull();
    await waitFor(() => expect(warn).toHaveBeenCalled());
  });
});
