import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { openAccount } from '../../test/account-harness.tsx';
import { pointsLog, responses } from '../../test/fixtures.ts';
import { wpError } from '../../test/mock-api.ts';
import { UI_WAIT } from '../../test/ui-wait.ts';

const rows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);

describe('points screen', () => {
  it('shows the empty state when there are no points', async () => {
    openAccount('/account/points', { points: responses.points(0, []) });
    expect(await screen.findByText('YOUR POINTS BALANCE IS 0 UNTIL YOU PLACE AN ORDER')).toBeTruthy();
  });

  it('shows the empty state when the call fails (silently)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    openAccount('/account/points', { points: wpError(500, 'internal_server_error', 'boom') });
    expect(await screen.findByText('YOUR POINTS BALANCE IS 0 UNTIL YOU PLACE AN ORDER')).toBeTruthy();
    expect(warn).toHaveBeenCalled();
  });

  it('shows the balance, the Event / Date / Points table, + on earned points and the raw value on order-redeem', async () => {
    openAccount('/account/points', {
      points: responses.points(120, [pointsLog(1), { description: 'Redeemed on order #77', date_display_human: 'November 2, 2026', type: 'order-redeem', points: -50 }]),
    });
    expect(await screen.findByText('You have 120 points')).toBeTruthy();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Event', 'Date', 'Points']);
    expect(rows().map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent))).toEqual([
      ['Order #1001', '1 days ago', '+10'],
      ['Redeemed on order #77', 'November 2, 2026', '-50'],
    ]);
    expect(screen.queryByRole('button', { name: 'Load More' })).toBeNull();
  });

  it('pages 10 at a time with Load More until every log is shown', async () => {
    const all = Array.from({ length: 23 }, (_, i) => pointsLog(i + 1));
    const { api } = openAccount('/account/points', {
      points: (body: Record<string, unknown>) => responses.points(230, all.slice(Number(body.offset), Number(body.offset) + Number(body.limit)), all.length),
    });
    await screen.findByText('You have 230 points');
    expect(rows()).toHaveLength(10);
    fireEvent.click(screen.getByRole('button', { name: 'Load More' }));
    await vi.waitFor(() => expect(rows()).toHaveLength(20), UI_WAIT);
    fireEvent.click(screen.getByRole('button', { name: 'Load More' }));
    await vi.waitFor(() => expect(rows()).toHaveLength(23), UI_WAIT);
    expect(screen.queryByRole('button', { name: 'Load More' })).toBeNull();
    expect(api.calls.filter((c) => c.route === 'points').map((c) => [c.body.offset, c.body.limit])).toEqual([
      [0, 10],
      [10, 10],
      [20, 10],
    ]);
  });
});

describe('site credit screen', () => {
  it('asks for the cred ledger without paging and shows the empty state', async () => {
    const { api } = openAccount('/account/cred', { points: responses.points(0, []) });
    expect(await screen.findByText("You don't have any site credit at present.")).toBeTruthy();
    expect(api.calls.find((c) => c.route === 'points')?.body).toEqual({ token: 'tok-new-123' });
  });

  it('shows the cred balance and the Event / date / cred table', async () => {
    openAccount('/account/cred', { points: responses.points('5.00', [{ description: 'Refund credit', date_display_human: 'November 3, 2026', type: 'credit', points: '5.00' }]) });
    expect(await screen.findByText('you have 5.00 cred discount')).toBeTruthy();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Event', 'date', 'cred']);
    expect(screen.getByText('+5.00')).toBeTruthy();
  });
});
