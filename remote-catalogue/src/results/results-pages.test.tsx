import { screen } from '@testing-library/react';
import { DrawResultsPage } from './draw-results-page.tsx';
import { WinnersListPage } from './winners-list-page.tsx';
import { renderAt } from '../../test/render.tsx';
import { mockApi } from '../../test/mock-api.ts';
import { makeCompetition, responses } from '../../test/fixtures.ts';

describe('results pages', () => {
  it('lists finished competitions with draw date and winning ticket', async () => {
    mockApi({
      finished_soldout_competition: responses.array([
        makeCompetition({ id: 1, title: 'Rolex', status: 'drawn', draw_date: '2026-10-01', closing_date: '2026-10-01', draw_time: '20:00', winning_ticket_number: 321 }),
        makeCompetition({ id: 2, title: 'Sold Out Quad', total_ticket_sold: 1000 }),
      ]),
    });
    renderAt('/draw/results', [{ path: '/draw/results', element: <DrawResultsPage /> }]);
    expect(screen.getByRole('status', { name: 'Loading' })).toBeTruthy();
    expect(await screen.findByText('Rolex')).toBeTruthy();
    expect(screen.getByText('Draw: October 1, 2026 at 8:00 PM')).toBeTruthy();
    expect(screen.getByText('#321')).toBeTruthy();
    expect(screen.getByText('Draw pending')).toBeTruthy();
  });

  it('shows the winners summary and the coming-soon note', async () => {
    mockApi({ get_realtime_winners_prize_value: responses.winners() });
    renderAt('/winners_list', [{ path: '/winners_list', element: <WinnersListPage /> }]);
    expect(await screen.findByText('342')).toBeTruthy();
    expect(screen.getByText('£125,000.00')).toBeTruthy();
    expect(screen.getByText(/full list of winners is coming soon/)).toBeTruthy();
  });
});
