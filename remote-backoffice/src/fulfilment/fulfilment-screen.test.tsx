import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StaffClaim } from '@cgg/contracts/staff';
import { describe, expect, it } from 'vitest';
import { fakeApi, refusal } from '../test/fake-api.ts';
import { operator } from '../test/fixtures.ts';
import { renderBackOffice } from '../test/render-back-office.tsx';

const claim = (over: Partial<StaffClaim> = {}): StaffClaim => ({
  id: 7, state: 'received', choice: 'prize', amount: '45000.00', prize_title: 'Audi RS3', win_kind: 'draw', customer_email: 'jamie@example.co.uk',
  deliver_to: 'Jamie Taylor, 12, Market Street, Manchester, M1 1AB', pay_to: null, tracking_reference: null, created_at: '2026-11-20T10:00:00.000Z', ...over,
});

describe('fulfilment', () => {
  it('shows what to send, pay or credit, and moves a claim forward step by step', async () => {
    const api = fakeApi({
      'staff/me': { success: true, data: operator },
      'staff/claims': { success: true, data: [claim(), claim({ id: 8, choice: 'cash', deliver_to: null, pay_to: '****5678', amount: '40000.00' })], page: 1, total: 2, total_pages: 1 },
      'staff/claim_state': (b) => ({ success: true, data: claim({ state: b.state as StaffClaim['state'], tracking_reference: (b.tracking_reference as string | undefined) ?? null }) }),
    });
    renderBackOffice('/admin/fulfilment', 'tok');
    const user = userEvent.setup();
    const seven = await screen.findByRole('row', { name: 'Claim 7' });
    expect(within(seven).getByText('Send to Jamie Taylor, 12, Market Street, Manchester, M1 1AB')).toBeTruthy();
    expect(within(screen.getByRole('row', { name: 'Claim 8' })).getByText('Pay £40000.00 to account ****5678')).toBeTruthy();
    expect(api.sent.find((s) => s.route === 'staff/claims')!.body).toEqual({ page: 1, state: 'received' });
    await user.click(within(seven).getByRole('button', { name: 'Start: claim 7' }));
    expect(await within(seven).findByText(/In progress/)).toBeTruthy();
    await user.type(within(seven).getByLabelText('Tracking reference for claim 7 (optional)'), 'RM123456789GB');
    await user.click(within(seven).getByRole('button', { name: 'Mark sent: claim 7' }));
    await waitFor(() => expect(within(seven).queryByRole('button')).toBeNull());
    expect(within(seven).getByText(/tracking RM123456789GB/)).toBeTruthy();
    expect(within(screen.getByRole('row', { name: 'Claim 8' })).queryByLabelText(/Tracking reference/)).toBeNull();
    expect(api.sent.filter((s) => s.route === 'staff/claim_state').map((s) => s.body)).toEqual([{ id: 7, state: 'processing' }, { id: 7, state: 'fulfilled', tracking_reference: 'RM123456789GB' }]);
  });

  it("shows the API's refusal on the claim's row", async () => {
    fakeApi({
      'staff/me': { success: true, data: operator },
      'staff/claims': { success: true, data: [claim()], page: 1, total: 1, total_pages: 1 },
      'staff/claim_state': refusal(409, 'cgg_claim_state', 'Claim 7 is already processing.'),
    });
    renderBackOffice('/admin/fulfilment', 'tok');
    const seven = await screen.findByRole('row', { name: 'Claim 7' });
    await userEvent.setup().click(within(seven).getByRole('button', { name: 'Start: claim 7' }));
    expect((await within(seven).findByRole('alert')).textContent).toBe('Claim 7 is already processing.');
  });
});
