import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StaffCompetition, StaffMember } from '@cgg/contracts/staff';
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

describe('cancel competition and refund everyone', () => {
  it('asks for a reason, confirms, then shows how many were refunded, the total and the failures', async () => {
    let stage: StaffCompetition['stage'] = 'open';
    const api = fakeApi({
      ...signedInAs(operator),
      'staff/competitions': () => page([competition({ stage })]),
      'staff/entries': page([]),
      'staff/cancel_competition': () => {
        stage = 'cancelled';
        return { success: true, data: { competition_id: 12, title: 'Win a Tesla Model 3', refunded: 2, already_refunded: 0, total: '7.00', failed: [{ order_id: 10017, code: 'cgg_refund_refused', message: 'The payment provider is not answering.' }] } };
      },
    });
    renderBackOffice('/admin/competitions/12', 'tok');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: action }));
    expect(screen.getByText('Say why the competition is cancelled.')).toBeTruthy();
    expect(api.routes()).not.toContain('staff/cancel_competition');

    await user.type(screen.getByLabelText('Reason'), 'Prize no longer available');
    await user.click(screen.getByLabelText('As site credit'));
    await user.click(screen.getByRole('button', { name: action }));
    expect(screen.getByText(/Cancel Win a Tesla Model 3 and refund every paid order as site credit\?/)).toBeTruthy();
    expect(api.routes()).not.toContain('staff/cancel_competition');
    await user.click(screen.getByRole('button', { name: 'Yes, cancel and refund everyone' }));

    const status = await screen.findByRole('status');
    expect(status.textContent).toContain('2 order(s) refunded, £7.00 in all.');
    expect(status.textContent).toContain('Order #10017: The payment provider is not answering.');
    expect(api.sent.find((s) => s.route === 'staff/cancel_competition')!.body).toEqual({ competition_id: 12, reason: 'Prize no longer available', to: 'site_credit' });
    expect(await screen.findByText('Cancelled, refunded')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Run the draw' })).toBeNull();
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
