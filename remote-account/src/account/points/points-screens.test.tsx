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
    // A keyboard user: the focus stays on the button while pages come, and is handed on at the end.
    const more = screen.getByRole('button', { name: 'Load More' });
    more.focus();
    fireEvent.click(more);
    await vi.waitFor(() => expect(rows()).toHaveLength(20), UI_WAIT);
    expect(document.activeElement).toBe(more);
    expect(screen.getByText('20 shown.')).toBeTruthy();
    fireEvent.click(more);
    await vi.waitFor(() => expect(rows()).toHaveLength(23), UI_WAIT);
    expect(screen.queryByRole('button', { name: 'Load More' })).toBeNull();
    await vi.waitFor(() => expect(document.activeElement?.textContent).toBe('All 23 shown.'), UI_WAIT);
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

  it('shows every entry: the spec call gives the newest 10, Load More asks for the cred ledger by name; a deduction keeps its sign', async () => {
    const all = Array.from({ length: 13 }, (_, i) => ({ description: `Entry ${i + 1}`, date_display_human: 'November 3, 2026', type: i === 0 ? 'admin-credit' : 'credit', points: i === 0 ? '-2.50' : '1.00' }));
    const { api } = openAccount('/account/cred', {
      points: (body: Record<string, unknown>) => responses.points('9.50', all.slice(Number(body.offset ?? 0), Number(body.offset ?? 0) + Number(body.limit ?? 10)), all.length),
    });
    await screen.findByText('you have 9.50 cred discount');
    expect(rows()).toHaveLength(10);
    expect([...rows()[0]!.querySelectorAll('td')].map((td) => td.textContent)).toEqual(['Entry 1', 'November 3, 2026', '-2.50']);
    fireEvent.click(screen.getByRole('button', { name: 'Load More' }));
    await vi.waitFor(() => expect(rows()).toHaveLength(13), UI_WAIT);
    expect(screen.queryByRole('button', { name: 'Load More' })).toBeNull();
    expect(api.calls.filter((c) => c.route === 'points').map((c) => c.body)).toEqual([
      { token: 'tok-new-123' },
      { token: 'tok-new-123', type: 'cred', offset: 10, limit: 10 },
    ]);
  });
});
