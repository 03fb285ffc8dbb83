import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CompetitionListPage, PAGE_SIZE } from './competition-list-page.tsx';
import { renderAt } from '../../test/render.tsx';
import { mockApi } from '../../test/mock-api.ts';
import { makeCompetition, responses } from '../../test/fixtures.ts';
import { resetCatalogueCache } from '../data/swr-config.ts';

const cars = [makeCompetition({ id: 1, title: 'Audi RS3', category: 'cars' }), makeCompetition({ id: 2, title: 'BMW M2', category: 'cars' })];
const tech = [makeCompetition({ id: 3, title: 'iPhone 17 Pro', category: 'tech', enable_instant_wins: true })];
const all = [...cars, ...tech];

// As the shell routes them (shell/src/routes/route-table.ts): both instant-win addresses are fixed paths.
const routes = [
  { path: '/competitions/instant_win_comps', element: <CompetitionListPage /> },
  { path: '/competitions/instant/wins', element: <CompetitionListPage /> },
  { path: '/competitions/:category', element: <CompetitionListPage /> },
];

/** Answers like the API: filters by category and instant_win. */
function listApi() {
  return mockApi({
    competition: (body: Record<string, unknown>) => {
      let data = all;
      if (body.category) data = data.filter((c) => c.category === body.category);
      if (body.instant_win) data = data.filter((c) => c.enable_instant_wins);
      return responses.list(data);
    },
  });
}

describe('CompetitionListPage', () => {
  it('lists one category, asking the API for that category only', async () => {
    const { calls } = listApi();
    renderAt('/competitions/cars', routes);
    expect(screen.getByRole('status', { name: 'Loading' })).toBeTruthy();
    expect(await screen.findByText('Audi RS3')).toBeTruthy();
    expect(screen.getByText('BMW M2')).toBeTruthy();
    expect(screen.queryByText('iPhone 17 Pro')).toBeNull();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Cars');
    expect(calls.some((c) => c.route === 'competition' && c.body.category === 'cars' && c.body.status === 'open')).toBe(true);
    // Tabs come from the response's categories; the current one is marked.
    const tab = await screen.findByRole('link', { name: 'Cars' });
    expect(tab.getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Tech' }).getAttribute('href')).toBe('/competitions/tech');
  });

  it("shows every open competition for 'all' without a category filter", async () => {
    const { calls } = listApi();
    renderAt('/competitions/all', routes);
    expect(await screen.findByText('iPhone 17 Pro')).toBeTruthy();
    expect(screen.getByText('Audi RS3')).toBeTruthy();
    expect(calls.filter((c) => c.route === 'competition').every((c) => !('category' in c.body))).toBe(true);
  });

  it.each(['/competitions/instant_win_comps', '/competitions/instant/wins'])('lists instant-win competitions at %s', async (path) => {
    const { calls } = listApi();
    renderAt(path, routes);
    expect(await screen.findByText('iPhone 17 Pro')).toBeTruthy();
    expect(screen.queryByText('Audi RS3')).toBeNull();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Instant win competitions');
    expect(calls.some((c) => c.body.instant_win === true && !('category' in c.body))).toBe(true);
  });

  it('shows an empty state for a category with nothing open', async () => {
    listApi();
    renderAt('/competitions/holidays', routes);
    expect(await screen.findByText('There are no open competitions here right now.')).toBeTruthy();
  });

  it('loads the next page with Load more', async () => {
    const page1 = Array.from({ length: PAGE_SIZE }, (_, i) => makeCompetition({ id: 200 + i, title: `Prize A${i}` }));
    const page2 = [makeCompetition({ id: 300, title: 'Prize B0' })];
    mockApi({
      competition: (body: Record<string, unknown>) =>
        responses.list(body.page === 2 ? page2 : page1, { page: Number(body.page), total: PAGE_SIZE + 1, total_pages: 2 }),
    });
    renderAt('/competitions/all', routes);
    await userEvent.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Prize B0')).toBeTruthy();
    expect(screen.getByText('Prize A0')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull());
    // The button that had the keyboard focus is gone: the first new card has it.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Prize B0' })));
  });

  it("fetches again the pages shown when the customer comes back to the same list ('competitions to fetch')", async () => {
    const page1 = Array.from({ length: PAGE_SIZE }, (_, i) => makeCompetition({ id: 200 + i, title: `Prize A${i}` }));
    const page2 = [makeCompetition({ id: 300, title: 'Prize B0' })];
    const api = mockApi({
      competition: (body: Record<string, unknown>) =>
        responses.list(body.page === 2 ? page2 : page1, { page: Number(body.page), total: PAGE_SIZE + 1, total_pages: 2 }),
    });
    const first = renderAt('/competitions/all', routes);
    await screen.findByText('Prize A0');
    expect(JSON.parse(localStorage.getItem('competitions_to_fetch') ?? 'null')).toEqual({ list: 'all', pages: 1 });
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Prize B0')).toBeTruthy();
    expect(JSON.parse(localStorage.getItem('competitions_to_fetch') ?? 'null')).toEqual({ list: 'all', pages: 2 });
    first.unmount();
    resetCatalogueCache(); // a reload: nothing cached, the stored key alone remembers
    api.calls.length = 0;
    renderAt('/competitions/all', routes);
    expect(await screen.findByText('Prize B0')).toBeTruthy();
    expect(screen.getByText('Prize A0')).toBeTruthy();
    expect(api.calls.filter((c) => c.route === 'competition').map((c) => c.body.page).sort()).toEqual([1, 2]);
    // Pages fetched again on coming back were not asked for now: nobody's focus is moved.
    expect(document.activeElement).toBe(document.body);
  });

  it('starts another list at page 1 and remembers that one instead', async () => {
    listApi();
    localStorage.setItem('competitions_to_fetch', JSON.stringify({ list: 'all', pages: 3 }));
    renderAt('/competitions/cars', routes);
    expect(await screen.findByText('Audi RS3')).toBeTruthy();
    await waitFor(() => expect(JSON.parse(localStorage.getItem('competitions_to_fetch') ?? 'null')).toEqual({ list: 'category:cars', pages: 1 }));
  });
});
