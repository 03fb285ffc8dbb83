import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StaffCompetition, StaffCompetitionRefunds, StaffMember } from '@cgg/contracts/staff';
import { describe, expect, it } from 'vitest';
import { fakeApi, refusal } from '../test/fake-api.ts';
import { operator, support } from '../test/fixtures.ts';
import { renderBackOffice } from '../test/render-back-office.tsx';

const competition = (over: Partial<StaffCompetition> = {}): StaffCompetition => ({
  id: 12, title: 'Win a Tesla Model 3', stage: 'open', closing_at: '2026-11-20T20:00:00.000Z', draw_at: '2026-11-20T21:00:00.000Z',
  total_tickets: 5000, paid_entries: 3, postal_entries: 0, commitment: 'a'.repeat(64), winning_ticket: null, ...over,
});
const page = <T,>(data: T[]) => ({ success: true, data, page: 1, total: data.length, total_pages: 1 });
const signedInAs = (m: StaffMember) => ({ 'staff/me': { success: true, data: m } });
const action = 'Cancel competition and refund everyone';

const refunds = (over: Partial<StaffCompetitionRefunds> = {}): { success: true; data: StaffCompetitionRefunds } => ({
  success: true,
  data: { competition_id: 12, title: 'Win a Tesla Model 3', orders: 2, refunded: 0, total: '0.00', points_returned: 0, state: 'refunding', last_error: null, next_try_at: null, ...over },
});

describe('cancel competition and refund everyone', () => {
  it('asks for a reason, confirms, then follows the refunds in the background until all are done', async () => {
    let stage: StaffCompetition['stage'] = 'open';
    const api = fakeApi({
      ...signedInAs(operator),
      'staff/competitions': () => page([competition({ stage })]),
      'staff/entries': page([]),
      'staff/cancel_competition': () => {
        stage = 'cancelled';
        return refunds();
      },
      'staff/competition_refunds': refunds({ refunded: 2, total: '7.00', points_returned: 1500, state: 'done' }),
    });
    renderBackOffice('/admin/competitions/12', 'tok');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: action }));
    expect(screen.getByText('Say why the competition is cancelled.')).toBeTruthy();
    expect(api.routes()).not.toContain('staff/cancel_competition');

    await user.type(screen.getByLabelText('Reason'), 'Prize no longer available');
    await user.click(screen.getByLabelText('As site credit (credit-card payments still go back to the card)'));
    await user.click(screen.getByRole('button', { name: action }));
    expect(screen.getByText(/Cancel Win a Tesla Model 3 and refund every paid order as site credit \(orders paid by credit card go back to the card\)\?/)).toBeTruthy();
    expect(api.routes()).not.toContain('staff/cancel_competition');
    await user.click(screen.getByRole('button', { name: 'Yes, cancel and refund everyone' }));

    expect(await screen.findByText('Refunding in the background: 0 of 2 order(s) refunded, £0.00 so far.')).toBeTruthy();
    // No second press while the refunds are at work.
    expect(screen.queryByRole('button', { name: action })).toBeNull();
    expect(api.sent.find((s) => s.route === 'staff/cancel_competition')!.body).toEqual({ competition_id: 12, reason: 'Prize no longer available', to: 'site_credit' });
    expect(await screen.findByText('Cancelled, refunded')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Run the draw' })).toBeNull();
    // The job moves on its own; the panel looks again and says when every order is refunded,
    // with the points the orders spent, given back as points.
    expect(await screen.findByText('All 2 order(s) refunded, £7.00 and 1,500 points in all.', undefined, { timeout: 5000 })).toBeTruthy();
    expect(api.sent.filter((s) => s.route === 'staff/competition_refunds').map((s) => s.body)).toEqual([{ competition_id: 12 }]);
    expect(screen.queryByRole('button', { name: 'Refund the rest' })).toBeNull();
  });

  it('a cancelled competition whose refunds stopped: says why, and "Refund the rest" starts them again', async () => {
    let started = false;
    const api = fakeApi({
      ...signedInAs(operator),
      'staff/competitions': page([competition({ stage: 'cancelled' })]),
      'staff/entries': page([]),
      'staff/competition_refunds': () => started
        ? refunds({ refunded: 1, total: '3.50', state: 'retrying', last_error: '1 order not refunded: #10017 (The payment provider is not answering.).', next_try_at: '2026-11-20T20:05:07.000Z' })
        : refunds({ refunded: 1, total: '3.50', state: 'stopped', last_error: '1 order not refunded: #10017 (The payment provider is not answering.).' }),
      'staff/cancel_competition': () => {
        started = true;
        return refunds({ refunded: 1, total: '3.50' });
      },
    });
    renderBackOffice('/admin/competitions/12', 'tok');
    const user = userEvent.setup();
    const status = (await screen.findByText('1 of 2 order(s) refunded, £3.50 so far; the refunds have stopped.')).closest('[role="status"]')!;
    expect(status.textContent).toBe(
      '1 of 2 order(s) refunded, £3.50 so far; the refunds have stopped.Last try: 1 order not refunded: #10017 (The payment provider is not answering.).Press "Refund the rest" to refund the others; no one is paid twice.',
    );
    await user.type(screen.getByLabelText('Reason'), 'Prize no longer available');
    await user.click(screen.getByRole('button', { name: 'Refund the rest' }));
    expect(screen.getByText("Refund the rest of Win a Tesla Model 3's paid orders to the card?")).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Yes, refund the rest' }));
    expect(api.sent.find((s) => s.route === 'staff/cancel_competition')!.body).toEqual({ competition_id: 12, reason: 'Prize no longer available', to: 'card' });
    expect(await screen.findByText('Refunding in the background: 1 of 2 order(s) refunded, £3.50 so far.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Refund the rest' })).toBeNull();
    // The next look: the provider still refuses, and the job will try again.
    expect(await screen.findByText('Trying again at 20 Nov 2026, 20:05:07.', undefined, { timeout: 5000 })).toBeTruthy();
  });

  it("shows the API's refusal (a drawn competition)", async () => {
    fakeApi({
      ...signedInAs(operator), 'staff/competitions': page([competition({ stage: 'closed' })]), 'staff/entries': page([]),
      'staff/cancel_competition': refusal(409, 'cgg_competition_drawn', 'Win a Tesla Model 3 (competition #12) has been drawn: its entries are final, so it cannot be cancelled or refunded.'),
    });
    renderBackOffice('/admin/competitions/12', 'tok');
    const user = userEvent.setup();
    await screen.findByRole('button', { name: action });
    await user.type(screen.getByLabelText('Reason'), 'Supplier');
    await user.click(screen.getByRole('button', { name: action }));
    await user.click(screen.getByRole('button', { name: 'Yes, cancel and refund everyone' }));
    expect((await screen.findByRole('alert')).textContent).toContain('has been drawn: its entries are final');
  });

  it('support does not see the action', async () => {
    fakeApi({ ...signedInAs(support), 'staff/competitions': page([competition()]), 'staff/entries': page([]) });
    renderBackOffice('/admin/competitions/12', 'tok');
    await screen.findByRole('heading', { name: 'Win a Tesla Model 3' });
    expect(screen.queryByRole('button', { name: action })).toBeNull();
  });
});
