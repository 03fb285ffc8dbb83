import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StaffPostalWin, StaffWin } from '@cgg/contracts/staff';
import { describe, expect, it } from 'vitest';
import { fakeApi, refusal } from '../test/fake-api.ts';
import { operator } from '../test/fixtures.ts';
import { renderBackOffice } from '../test/render-back-office.tsx';

type Claim = NonNullable<StaffWin['claim']>;
const claim = (over: Partial<Claim> = {}): Claim => ({
  id: 7, state: 'received', choice: 'prize', amount: '45000.00', deliver_to: 'Jamie Taylor, 12, Market Street, Manchester, M1 1AB', pay_to: null,
  tracking_reference: null, created_at: '2026-11-20T10:00:00.000Z', ...over,
});
const win = (over: Partial<StaffWin> = {}): StaffWin => ({
  win_kind: 'draw', win_id: 5, status: 'to_send', competition_id: 12, competition_title: 'Audi RS3 Giveaway', prize_title: 'Audi RS3', prize_value: '45000.00',
  ticket_number: 1234, won_at: '2026-11-19T20:00:00.000Z', days_since_win: 1, winner_name: 'Jamie Taylor', winner_email: 'jamie@example.co.uk',
  customer_id: 42, postal_entry_id: null, reminded_at: null, claim: claim(), settled: null, ...over,
});
const page = (data: StaffWin[]) => ({ success: true, data, page: 1, total: data.length, total_pages: 1 });
const awaiting = win({ win_kind: 'instant', win_id: 9, status: 'awaiting_claim', prize_title: '£50 Cash', days_since_win: 3, claim: null, winner_name: 'Sam Shah', winner_email: 'sam@example.co.uk' });
const postalAwaiting = win({ win_kind: 'reward', win_id: 4, status: 'awaiting_claim', prize_title: '£250 Site Credit', days_since_win: 0, claim: null, customer_id: null, postal_entry_id: 31, winner_name: 'Pat Postal', winner_email: 'pat@example.org' });
const postalWin = (over: Partial<StaffPostalWin> = {}): StaffPostalWin => ({
  win_kind: 'reward', win_id: 4, won_at: '2026-11-20T09:00:00.000Z', competition_id: 12, competition_title: 'Audi RS3 Giveaway', ticket_number: 77, prize_title: '£250 Site Credit',
  prize_value: '250.00', postal_entry_id: 31, full_name: 'Pat Postal', email: 'pat@example.org', town: 'Leeds', customer_id: null, state: 'open', claim_state: null,
  settled_by: null, settle_note: null, ...over,
});
const noPostalWins = { success: true, data: [] };

describe('fulfilment: the win queue', () => {
  it('shows wins awaiting a claim (who, what, when, how long ago, account or not) and each claim in the issue\'s words', async () => {
    const api = fakeApi({
      'staff/me': { success: true, data: operator },
      'staff/win_queue': (b) =>
        b.status === 'awaiting_claim'
          ? page([awaiting, postalAwaiting])
          : page([win(), win({ win_id: 6, status: 'sent', claim: claim({ id: 8, state: 'fulfilled', tracking_reference: 'RM1GB' }) }),
            win({ win_kind: 'instant', win_id: 10, status: 'paid', claim: claim({ id: 9, state: 'fulfilled', choice: 'cash', deliver_to: null, pay_to: '****5678', amount: '50.00' }) }),
            win({ win_kind: 'instant', win_id: 11, status: 'credited', claim: claim({ id: 10, state: 'fulfilled', choice: 'credit', deliver_to: null, amount: '50.00' }) })]),
      'staff/postal_wins': noPostalWins,
    });
    renderBackOffice('/admin/fulfilment', 'tok');
    const user = userEvent.setup();
    const five = await screen.findByRole('row', { name: 'draw win 5' });
    expect(within(five).getByText('Send to Jamie Taylor, 12, Market Street, Manchester, M1 1AB')).toBeTruthy();
    expect(within(five).getByText('To send')).toBeTruthy();
    expect(within(five).getByText('yesterday')).toBeTruthy();
    expect(within(screen.getByRole('row', { name: 'draw win 6' })).getByText('Sent with tracking')).toBeTruthy();
    expect(within(screen.getByRole('row', { name: 'draw win 6' })).getByText(/tracking RM1GB/)).toBeTruthy();
    expect(within(screen.getByRole('row', { name: 'instant win 10' })).getByText('Paid')).toBeTruthy();
    expect(within(screen.getByRole('row', { name: 'instant win 10' })).getByText('Pay £50.00 to account ****5678')).toBeTruthy();
    expect(within(screen.getByRole('row', { name: 'instant win 11' })).getByText('Credited')).toBeTruthy();
    expect(api.sent.find((s) => s.route === 'staff/win_queue')!.body).toEqual({ page: 1, status: 'to_send' });

    await user.selectOptions(screen.getByLabelText('Show'), 'Awaiting claim');
    const nine = await screen.findByRole('row', { name: 'instant win 9' });
    expect(api.sent.filter((s) => s.route === 'staff/win_queue').at(-1)!.body).toEqual({ page: 1, status: 'awaiting_claim' });
    expect(within(nine).getByText('Sam Shah')).toBeTruthy();
    expect(within(nine).getByText('sam@example.co.uk')).toBeTruthy();
    expect(within(nine).getByText('3 days ago')).toBeTruthy();
    expect(within(nine).getByText('Has an account')).toBeTruthy();
    expect(within(nine).getByText('Waiting for the winner to claim')).toBeTruthy();
    expect(within(nine).getByText('Awaiting claim')).toBeTruthy();
    const four = screen.getByRole('row', { name: 'reward win 4' });
    expect(within(four).getByText('No account (postal entry #31)')).toBeTruthy();
    expect(within(four).getByText('today')).toBeTruthy();
    expect(within(four).getByText('Not claimable online: contact the entrant and settle it below')).toBeTruthy();
  });

  it('finds wins by competition, prize or winner', async () => {
    const api = fakeApi({
      'staff/me': { success: true, data: operator },
      'staff/win_queue': (b) => page(b.search === 'Sam' ? [awaiting] : [win()]),
      'staff/postal_wins': noPostalWins,
    });
    renderBackOffice('/admin/fulfilment', 'tok');
    const user = userEvent.setup();
    await screen.findByRole('row', { name: 'draw win 5' });
    await user.type(screen.getByLabelText('Competition, prize or winner'), 'Sam');
    expect(await screen.findByRole('row', { name: 'instant win 9' })).toBeTruthy();
    expect(screen.queryByRole('row', { name: 'draw win 5' })).toBeNull();
    expect(api.sent.filter((s) => s.route === 'staff/win_queue').at(-1)!.body).toEqual({ page: 1, status: 'to_send', search: 'Sam' });
  });

  it('moves a claim forward step by step, the row showing the status the API gives it', async () => {
    let current = win();
    const api = fakeApi({
      'staff/me': { success: true, data: operator },
      'staff/win_queue': () => page([current]),
      'staff/claim_state': (b) => {
        const tracking = (b.tracking_reference as string | undefined) ?? null;
        current = win({ status: b.state === 'fulfilled' ? 'sent' : 'to_send', claim: claim({ state: b.state as Claim['state'], tracking_reference: tracking }) });
        return { success: true, data: { id: 7, state: b.state, choice: 'prize', amount: '45000.00', prize_title: 'Audi RS3', win_kind: 'draw', customer_email: 'jamie@example.co.uk', deliver_to: 'x', pay_to: null, tracking_reference: tracking, created_at: '2026-11-20T10:00:00.000Z' } };
      },
      'staff/postal_wins': noPostalWins,
    });
    renderBackOffice('/admin/fulfilment', 'tok');
    const user = userEvent.setup();
    const five = await screen.findByRole('row', { name: 'draw win 5' });
    await user.click(within(five).getByRole('button', { name: 'Start: draw win 5' }));
    expect(await within(five).findByText(/in progress/)).toBeTruthy();
    await user.type(within(five).getByLabelText('Tracking reference for draw win 5 (optional)'), 'RM123456789GB');
    await user.click(within(five).getByRole('button', { name: 'Mark sent: draw win 5' }));
    expect(await within(five).findByText('Sent with tracking')).toBeTruthy();
    expect(within(five).getByText(/tracking RM123456789GB/)).toBeTruthy();
    expect(within(five).queryByRole('button')).toBeNull();
    expect(api.sent.filter((s) => s.route === 'staff/claim_state').map((s) => s.body)).toEqual([{ id: 7, state: 'processing' }, { id: 7, state: 'fulfilled', tracking_reference: 'RM123456789GB' }]);
    expect(api.sent.filter((s) => s.route === 'staff/win_queue').at(-1)!.body).toEqual({ win_kind: 'draw', win_id: 5 });
  });

  it("shows the API's refusal on the claim's row", async () => {
    fakeApi({
      'staff/me': { success: true, data: operator },
      'staff/win_queue': page([win()]),
      'staff/claim_state': refusal(409, 'cgg_claim_state', 'Claim 7 is already processing.'),
      'staff/postal_wins': noPostalWins,
    });
    renderBackOffice('/admin/fulfilment', 'tok');
    const five = await screen.findByRole('row', { name: 'draw win 5' });
    await userEvent.setup().click(within(five).getByRole('button', { name: 'Start: draw win 5' }));
    expect((await within(five).findByRole('alert')).textContent).toBe('Claim 7 is already processing.');
  });

  it('sends a reminder to a winner who has not claimed, and shows why a second one the same day is refused', async () => {
    let reminded = false;
    const api = fakeApi({
      'staff/me': { success: true, data: operator },
      'staff/win_queue': () => page([{ ...awaiting, reminded_at: reminded ? '2026-11-22T10:15:00.000Z' : null }]),
      'staff/win_reminder': () => {
        if (reminded) return refusal(409, 'cgg_reminder_sent_today', 'A reminder for instant win 9 was already sent today at 10:15. One a day: try again tomorrow.');
        reminded = true;
        return { success: true, data: { win_kind: 'instant', win_id: 9, sent_to: 'sam@example.co.uk', sent_at: '2026-11-22T10:15:00.000Z' } };
      },
      'staff/postal_wins': noPostalWins,
    });
    renderBackOffice('/admin/fulfilment', 'tok');
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByLabelText('Show'), 'Awaiting claim');
    const nine = await screen.findByRole('row', { name: 'instant win 9' });
    await user.click(within(nine).getByRole('button', { name: 'Send a reminder: instant win 9' }));
    expect((await within(nine).findByRole('status')).textContent).toBe('Reminder sent to sam@example.co.uk.');
    expect(within(nine).getByText(/reminded 22/)).toBeTruthy();
    await user.click(within(nine).getByRole('button', { name: 'Send a reminder: instant win 9' }));
    expect((await within(nine).findByRole('alert')).textContent).toBe('A reminder for instant win 9 was already sent today at 10:15. One a day: try again tomorrow.');
    expect(api.sent.filter((s) => s.route === 'staff/win_reminder').map((s) => s.body)).toEqual([{ win_kind: 'instant', win_id: 9 }, { win_kind: 'instant', win_id: 9 }]);
  });
});

describe('fulfilment: postal-entry wins', () => {
  it('lists them, asks how an account-less win was handed over before settling it, and shows it settled', async () => {
    const api = fakeApi({
      'staff/me': { success: true, data: operator },
      'staff/win_queue': page([]),
      'staff/postal_wins': { success: true, data: [postalWin(), postalWin({ win_kind: 'instant', win_id: 3, customer_id: 42, full_name: 'Robin Banks', email: 'robin@example.org' })] },
      'staff/postal_win_settle': (b) => ({ success: true, data: postalWin({ state: 'settled', settled_by: 'Olu Operator <olu@cgg.test>', settle_note: b.note as string }) }),
    });
    renderBackOffice('/admin/fulfilment', 'tok');
    const user = userEvent.setup();
    const four = await screen.findByRole('row', { name: 'Postal reward win 4' });
    expect(within(four).getByText('Pat Postal')).toBeTruthy();
    expect(within(four).getByText(/pat@example.org, Leeds · postal entry #31/)).toBeTruthy();
    expect(within(four).getByText('Open: no account, contact the entrant')).toBeTruthy();
    const robin = screen.getByRole('row', { name: 'Postal instant win 3' });
    expect(within(robin).getByText('Open: customer #42 claims it online')).toBeTruthy();
    expect(within(robin).queryByRole('button')).toBeNull();
    expect(api.sent.find((s) => s.route === 'staff/postal_wins')!.body).toEqual({ open: true });

    await user.click(within(four).getByRole('button', { name: 'Mark settled' }));
    expect(await within(four).findByText('Say how the prize was handed over (e.g. bank transfer on 3 May, posted recorded).')).toBeTruthy();
    expect(api.routes()).not.toContain('staff/postal_win_settle');
    await user.type(within(four).getByLabelText('How was it handed over? (reward win 4)'), 'Bank transfer on 3 May');
    await user.click(within(four).getByRole('button', { name: 'Mark settled' }));
    expect(await within(four).findByText('Settled by Olu Operator <olu@cgg.test>: Bank transfer on 3 May')).toBeTruthy();
    expect(within(four).queryByRole('button')).toBeNull();
    expect(api.sent.filter((s) => s.route === 'staff/postal_win_settle').map((s) => s.body)).toEqual([{ win_kind: 'reward', win_id: 4, note: 'Bank transfer on 3 May' }]);
    // The queue is read again: the win is no longer awaiting its claim.
    await waitFor(() => expect(api.sent.filter((s) => s.route === 'staff/win_queue')).toHaveLength(2));
  });

  it("shows the API's refusal of a settle", async () => {
    fakeApi({
      'staff/me': { success: true, data: operator },
      'staff/win_queue': page([]),
      'staff/postal_wins': { success: true, data: [postalWin()] },
      'staff/postal_win_settle': refusal(409, 'cgg_win_settled', 'The reward win 4 was already settled.'),
    });
    renderBackOffice('/admin/fulfilment', 'tok');
    const user = userEvent.setup();
    const four = await screen.findByRole('row', { name: 'Postal reward win 4' });
    await user.type(within(four).getByLabelText('How was it handed over? (reward win 4)'), 'Posted recorded');
    await user.click(within(four).getByRole('button', { name: 'Mark settled' }));
    expect((await within(four).findByRole('alert')).textContent).toBe('The reward win 4 was already settled.');
  });
});
