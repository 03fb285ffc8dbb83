import { fireEvent, screen, within } from '@testing-library/react';
import { drawEntriesPath, drawResultsResponseSchema, winnersListResponseSchema, type DrawResult, type WinnerEntry } from '@cgg/contracts';
import { DrawResultsPage } from './draw-results-page.tsx';
import { WinnersListPage } from './winners-list-page.tsx';
import { renderAt } from '../../test/render.tsx';
import { mockApi } from '../../test/mock-api.ts';
import { responses } from '../../test/fixtures.ts';

const hex = (c: string): string => c.repeat(64);

function drawResult(o: Partial<DrawResult> & { competition_id: number }): DrawResult {
  return {
    title: 'Rolex Submariner Date',
    image: '/wp-content/uploads/competitions/rolex.svg',
    prize_value: '11000.00',
    draw_date: '2026-10-01',
    draw_time: '20:00',
    live_draw: false,
    winning_ticket_number: 321,
    winner: { first_name: 'Priya', surname: 'S.', county: 'West Yorkshire' },
    proof: {
      competition_id: o.competition_id,
      state: 'drawn',
      commitment: hex('a'),
      committed_at: '2026-09-01T10:00:00.000Z',
      seed: hex('b'),
      drawn_at: '2026-10-01T19:00:00.000Z',
      entry_count: 1876,
      entry_list_sha256: hex('c'),
      entry_list_url: drawEntriesPath(o.competition_id),
      winning_index: 120,
      winning_ticket_number: 321,
      rounds: 1,
      algorithm: 'index = HMAC-SHA256(...)',
    },
    ...o,
  };
}

const results = (data: DrawResult[], page = 1, totalPages = 1) =>
  drawResultsResponseSchema.parse({ success: true, data, page, total: data.length, total_pages: totalPages });

const winner = (o: Partial<WinnerEntry>): WinnerEntry => ({
  kind: 'instant', competition_id: 4, competition_title: 'PS5 Pro Bundle', image: '/wp-content/uploads/competitions/ps5.svg',
  prize_title: '£50 Cash', prize_value: '50.00', ticket_number: 77, first_name: 'Sam', surname: 'K.', county: 'Bristol', won_at: '2026-11-20T18:00:00.000Z', ...o,
});
const winners = (data: WinnerEntry[], page = 1, totalPages = 1) =>
  winnersListResponseSchema.parse({ success: true, data, page, total: data.length, total_pages: totalPages });

describe('draw results page', () => {
  it('shows each drawn competition with winning ticket, winner first name, surname initial and county, prize, date and its proof', async () => {
    mockApi({ draw_results: results([drawResult({ competition_id: 7 }), drawResult({ competition_id: 8, title: 'Empty Comp', winner: null, winning_ticket_number: null, proof: { ...drawResult({ competition_id: 8 }).proof, state: 'no_entries', entry_count: 0, winning_index: null, winning_ticket_number: null, rounds: null } })]) });
    renderAt('/draw/results', [{ path: '/draw/results', element: <DrawResultsPage /> }]);
    expect(screen.getByRole('status', { name: 'Loading' })).toBeTruthy();
    const row = (await screen.findByText('Rolex Submariner Date')).closest('li')!;
    expect(within(row).getByText('#321')).toBeTruthy();
    expect(within(row).getByText('Priya S.')).toBeTruthy();
    expect(row.textContent).toContain('Winner: Priya S. from West Yorkshire');
    expect(row.textContent).toContain('Drawn October 1, 2026 at 8:00 PM');
    expect(row.textContent).toContain('£11,000.00');
    expect(within(row).getByText(hex('a'))).toBeTruthy();
    expect(within(row).getByText(hex('b'))).toBeTruthy();
    expect(within(row).getByText(hex('c'))).toBeTruthy();
    expect(within(row).getByText('1,876')).toBeTruthy();
    expect(within(row).getByRole('link', { name: /Download the entry list of Rolex/ }).getAttribute('href')).toBe('/?rest_route=/api/v1/draw_entries&id=7');
    expect(screen.getByText('No entries: closed with no winner.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'How to verify' })).toBeTruthy();
    expect(screen.getByText(/HMAC-SHA256\(key = seed/)).toBeTruthy();
  });

  it('says when the draw ran, from its proof (London time), not when it was announced for', async () => {
    const early = (id: number, drawnAt: string) => drawResult({ competition_id: id, title: `Comp ${id}`, proof: { ...drawResult({ competition_id: id }).proof, drawn_at: drawnAt } });
    mockApi({ draw_results: results([early(1, '2026-09-29T15:46:00.000Z'), early(2, '2026-11-29T16:46:00.000Z'), early(3, '2026-10-01T23:30:00.000Z')]) });
    renderAt('/draw/results', [{ path: '/draw/results', element: <DrawResultsPage /> }]);
    const meta = async (title: string) => (await screen.findByText(title)).closest('li')!.textContent;
    // British Summer Time, then Greenwich Mean Time; and past midnight in London, the next day.
    expect(await meta('Comp 1')).toContain('Drawn September 29, 2026 at 4:46 PM');
    expect(await meta('Comp 2')).toContain('Drawn November 29, 2026 at 4:46 PM');
    expect(await meta('Comp 3')).toContain('Drawn October 2, 2026 at 12:30 AM');
  });

  it('pages through results', async () => {
    const api = mockApi({ draw_results: (body: Record<string, unknown>) => results([drawResult({ competition_id: Number(body.page), title: `Comp page ${String(body.page)}` })], Number(body.page), 2) });
    renderAt('/results', [{ path: '/results', element: <DrawResultsPage /> }]);
    expect(await screen.findByText('Comp page 1')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Comp page 2')).toBeTruthy();
    expect(api.calls.filter((c) => c.route === 'draw_results').map((c) => c.body.page)).toEqual([1, 2]);
  });

  it('says so when the next page does not load, rather than leaving the page before under its number', async () => {
    mockApi({ draw_results: (body: Record<string, unknown>) => (body.page === 1 ? results([drawResult({ competition_id: 1, title: 'Comp page 1' })], 1, 2) : { status: 500, body: { code: 'internal', message: 'Down', data: { status: 500 } } }) });
    renderAt('/results', [{ path: '/results', element: <DrawResultsPage /> }]);
    expect(await screen.findByText('Comp page 1')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect((await screen.findByRole('alert')).textContent).toBe("We couldn't load page 2 just now. Please try again shortly.");
  });

  it('says so when nothing has been drawn', async () => {
    mockApi({ draw_results: results([]) });
    renderAt('/draw/results', [{ path: '/draw/results', element: <DrawResultsPage /> }]);
    expect(await screen.findByText('No draws have taken place yet.')).toBeTruthy();
  });
});

describe('winners list page', () => {
  it('shows the summary and draw and instant winners newest first, with paging; no "coming soon" note', async () => {
    const api = mockApi({
      get_realtime_winners_prize_value: responses.winners(),
      winners_list: (body: Record<string, unknown>) =>
        Number(body.page) === 1
          ? winners([winner({ kind: 'draw', prize_title: 'Audi RS3', prize_value: '45000.00', first_name: 'Priya', surname: 'Shah', county: 'West Yorkshire', ticket_number: 12 }), winner({})], 1, 2)
          : winners([winner({ first_name: 'Older', ticket_number: 5 })], 2, 2),
    });
    renderAt('/winners_list', [{ path: '/winners_list', element: <WinnersListPage /> }]);
    expect(await screen.findByText('342')).toBeTruthy();
    expect(screen.getByText('£125,000.00')).toBeTruthy();
    const items = await screen.findAllByRole('listitem');
    // The API sends the whole surname only for a winner who consented: shown as given.
    expect(items[0]!.textContent).toContain('Priya Shah from West Yorkshire won Audi RS3');
    expect(items[0]!.textContent).toContain('Main draw');
    expect(items[1]!.textContent).toContain('Sam K. from Bristol won £50 Cash');
    expect(items[1]!.textContent).toContain('Instant win');
    expect(screen.queryByText(/coming soon/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText(/Older K\. from Bristol/)).toBeTruthy();
    expect(api.calls.filter((c) => c.route === 'winners_list').map((c) => c.body.page)).toEqual([1, 2]);
  });
});
