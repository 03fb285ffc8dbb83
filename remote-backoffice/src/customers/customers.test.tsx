import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STAFF_LIST_CAPS, type StaffCustomer } from '@cgg/contracts/staff';
import { describe, expect, it } from 'vitest';
import { fakeApi, refusal } from '../test/fake-api.ts';
import { support } from '../test/fixtures.ts';
import { renderBackOffice } from '../test/render-back-office.tsx';

const me = { 'staff/me': { success: true, data: support } };
const customer = (over: Partial<StaffCustomer> = {}): StaffCustomer => ({
  id: 4, name: 'Rosalind Quarrington', email: 'ros@example.co.uk', phone: '07700900123', town: 'Bath', created_at: '2026-01-02T10:00:00.000Z',
  points: 120, credit: '5.00', limit: '£50.00 a month', pending_limit: null, locked_until: null, lock_permanent: false,
  orders: [
    { id: 10016, created_at: '2026-11-20T10:00:00.000Z', status: 'completed', total: '4.95', tickets: 5, refunded: '2.00' },
    { id: 10017, created_at: '2026-11-21T10:00:00.000Z', status: 'admin-comp-win', total: '0.00', tickets: 2 },
    { id: 10018, created_at: '2026-11-22T10:00:00.000Z', status: 'processing', total: '2.00', tickets: 2 },
  ],
  wins: [{ kind: 'instant', competition_id: 12, ticket_number: 42, prize_title: '£25 Amazon Voucher', won_at: '2026-11-20T10:00:00.000Z' }],
  lock_started_at: null, claims: [], notes: [], ...over,
});

describe('customers', () => {
  it('searches (the query kept in the address) and opens a customer', async () => {
    const api = fakeApi({ ...me, 'staff/customer_search': { success: true, data: [{ id: 4, name: 'Rosalind Quarrington', email: 'ros@example.co.uk', created_at: '2026-01-02T10:00:00.000Z' }] }, 'staff/customer': { success: true, data: customer() } });
    renderBackOffice('/admin/customers', 'tok');
    const user = userEvent.setup();
    const box = await screen.findByLabelText('Name, email, customer or order number, or competition:ticket');
    await user.type(box, 'r');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getByText('Enter at least 2 characters: a name, email, order number or competition:ticket.')).toBeTruthy();
    expect(api.routes()).not.toContain('staff/customer_search');
    await user.type(box, 'os');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await user.click(await screen.findByRole('link', { name: 'Rosalind Quarrington' }));
    expect(await screen.findByRole('heading', { name: 'Rosalind Quarrington #4' })).toBeTruthy();
    expect(api.sent.find((s) => s.route === 'staff/customer_search')!.body).toEqual({ query: 'ros' });
    expect(screen.queryByText(/Only the first/)).toBeNull();
    expect(screen.getByText('£50.00 a month')).toBeTruthy();
    const orders = within(screen.getByRole('region', { name: 'Orders (latest 20)' })).getAllByRole('row').slice(1);
    expect(orders.map((row) => within(row).getAllByRole('cell')[2]!.textContent)).toEqual(['Paid', 'Ticket win (free tickets)', 'Processing']);
    // A part refund is said beside the total (an API before 7.9.0 says nothing of it: shown as before).
    expect(orders.map((row) => within(row).getAllByRole('cell')[4]!.textContent)).toEqual(['£4.95 (£2.00 refunded)', '£0.00', '£2.00']);
    expect(screen.getByText(/£25 Amazon Voucher \(instant win, competition #12, ticket 42/)).toBeTruthy();
    // A paid order leads to its refund, with its number filled in (one left 'processing' by WooCommerce too); a free ticket win has nothing to refund.
    expect(within(orders[1]!).queryByRole('link')).toBeNull();
    expect(within(orders[2]!).getByRole('link', { name: 'Refund #10018' })).toBeTruthy();
    await user.click(within(orders[0]!).getByRole('link', { name: 'Refund #10016' }));
    expect(await screen.findByRole('heading', { name: 'Refund an order' })).toBeTruthy();
    expect((screen.getByLabelText('Order number') as HTMLInputElement).value).toBe('10016');
  });

  it('says which of two customers a number matched: one by their customer number, the other by an order they placed', async () => {
    fakeApi({
      ...me,
      'staff/customer_search': {
        success: true,
        data: [
          { id: 16, name: 'Cara Sixteen', email: 'cara@example.co.uk', created_at: '2026-01-02T10:00:00.000Z', matched: ['customer_number'] },
          { id: 4, name: 'Rosalind Quarrington', email: 'ros@example.co.uk', created_at: '2026-01-02T10:00:00.000Z', matched: ['order_number'] },
        ],
      },
    });
    renderBackOffice('/admin/customers?q=%2316', 'tok');
    const found = await screen.findByRole('list', { name: 'Customers found' });
    const [cara, ros] = within(found).getAllByRole('listitem');
    expect(within(cara!).getByText('Matched: customer #16')).toBeTruthy();
    expect(within(ros!).getByText('Matched: placed order #16')).toBeTruthy();
  });

  it('labels no match by name or email, and a ticket by its holder', async () => {
    fakeApi({
      ...me,
      'staff/customer_search': (b) => ({
        success: true,
        data: [{ id: 4, name: 'Rosalind Quarrington', email: 'ros@example.co.uk', created_at: '2026-01-02T10:00:00.000Z', matched: [String(b.query).includes(':') ? 'ticket' : 'name_or_email'] }],
      }),
    });
    const { unmount } = renderBackOffice('/admin/customers?q=ros', 'tok');
    const found = await screen.findByRole('list', { name: 'Customers found' });
    expect(within(found).queryByText(/^Matched/)).toBeNull();
    unmount();
    renderBackOffice('/admin/customers?q=12%3A345', 'tok');
    expect(await screen.findByText('Matched: holds ticket 345 of competition 12')).toBeTruthy();
  });

  it('says when the search stopped at its cap of matches, so the list is not taken for all of them', async () => {
    const smiths = Array.from({ length: STAFF_LIST_CAPS.customerMatches }, (_, i) => ({ id: i + 1, name: `Sam Smith ${i + 1}`, email: `sam${i + 1}@example.co.uk`, created_at: '2026-01-02T10:00:00.000Z' }));
    fakeApi({ ...me, 'staff/customer_search': { success: true, data: smiths } });
    renderBackOffice('/admin/customers?q=smith', 'tok');
    expect(await screen.findByText('Only the first 25 matches are shown. Type more of the name or email, or search by customer or order number.')).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Customers found' })).getAllByRole('listitem')).toHaveLength(25);
  });

  it('adds a note and adjusts points, checking the change first; a refusal is shown', async () => {
    let points = 120;
    const api = fakeApi({
      ...me,
      'staff/customer': { success: true, data: customer() },
      'staff/customer_note': (b) => ({ success: true, data: customer({ notes: [{ id: 1, author: 'Sid Support <sid@cgg.test>', text: String(b.text), created_at: '2026-11-25T10:00:00.000Z' }] }) }),
      'staff/adjust_balance': (b) =>
        String(b.amount).startsWith('-') ? refusal(409, 'cgg_balance_below_zero', 'Not changed: the customer has 170 points; removing 500 points would go below 0.') : { success: true, data: customer({ points: (points += Number(b.amount)) }) },
    });
    renderBackOffice('/admin/customers/4', 'tok');
    const user = userEvent.setup();
    const notes = await screen.findByRole('form', { name: 'Add a note' });
    await user.click(within(notes).getByRole('button', { name: 'Add note' }));
    expect(within(notes).getByText('Write the note.')).toBeTruthy();
    await user.type(within(notes).getByLabelText('New note'), 'Called about a late prize.');
    await user.click(within(notes).getByRole('button', { name: 'Add note' }));
    expect(await screen.findByText('Called about a late prize.')).toBeTruthy();
    expect(api.sent.find((s) => s.route === 'staff/customer_note')!.body).toEqual({ customer_id: 4, text: 'Called about a late prize.', idempotency_key: expect.stringMatching(/^[0-9a-f-]{36}$/) });

    const adjust = screen.getByRole('form', { name: 'Adjust points or credit' });
    await user.type(within(adjust).getByLabelText('Change'), '1.5');
    await user.type(within(adjust).getByLabelText('Reason (the customer sees it)'), 'Sorry for the wait');
    await user.click(within(adjust).getByRole('button', { name: 'Save change' }));
    expect(within(adjust).getByText('Points are whole numbers, like 50 or -50.')).toBeTruthy();
    await user.clear(within(adjust).getByLabelText('Change'));
    await user.type(within(adjust).getByLabelText('Change'), '50');
    await user.click(within(adjust).getByRole('button', { name: 'Save change' }));
    expect((await screen.findByRole('status')).textContent).toBe('Points now 170.');
    await user.type(within(adjust).getByLabelText('Change'), '-500');
    await user.type(within(adjust).getByLabelText('Reason (the customer sees it)'), 'Mistake');
    await user.click(within(adjust).getByRole('button', { name: 'Save change' }));
    expect((await within(adjust).findByRole('alert')).textContent).toBe('Not changed: the customer has 170 points; removing 500 points would go below 0.');
    const sent = api.sent.filter((s) => s.route === 'staff/adjust_balance').map((s) => s.body);
    expect(sent).toEqual([
      { customer_id: 4, kind: 'points', amount: '50', reason: 'Sorry for the wait', idempotency_key: expect.stringMatching(/^[0-9a-f-]{36}$/) },
      { customer_id: 4, kind: 'points', amount: '-500', reason: 'Mistake', idempotency_key: expect.stringMatching(/^[0-9a-f-]{36}$/) },
    ]);
    expect(sent[1]!.idempotency_key).not.toBe(sent[0]!.idempotency_key);
  });

  it('a change pressed again after a lost answer goes under the same key; a changed or next change under a new one', async () => {
    let answers = 0;
    const api = fakeApi({
      ...me,
      'staff/customer': { success: true, data: customer() },
      // The first answer is lost on the way (the gateway in front of the API timed out).
      'staff/adjust_balance': () => (++answers <= 2 ? refusal(504, 'rest_gateway_timeout', 'The server took too long to answer. Please try again.') : { success: true, data: customer({ points: 150 }) }),
    });
    renderBackOffice('/admin/customers/4', 'tok');
    const user = userEvent.setup();
    const adjust = await screen.findByRole('form', { name: 'Adjust points or credit' });
    const save = () => user.click(within(adjust).getByRole('button', { name: 'Save change' }));
    await user.type(within(adjust).getByLabelText('Change'), '25');
    await user.type(within(adjust).getByLabelText('Reason (the customer sees it)'), 'Late prize');
    await save();
    expect((await within(adjust).findByRole('alert')).textContent).toBe('The server took too long to answer. Please try again.');
    await save();
    await waitFor(() => expect(answers).toBe(2));
    await user.clear(within(adjust).getByLabelText('Change'));
    await user.type(within(adjust).getByLabelText('Change'), '30');
    await save();
    expect((await screen.findByRole('status')).textContent).toBe('Points now 150.');
    await user.type(within(adjust).getByLabelText('Change'), '30');
    await user.type(within(adjust).getByLabelText('Reason (the customer sees it)'), 'Late prize');
    await save();
    await waitFor(() => expect(answers).toBe(4));
    const keys = api.sent.filter((s) => s.route === 'staff/adjust_balance').map((s) => s.body.idempotency_key);
    expect(keys[1]).toBe(keys[0]);
    expect(new Set(keys).size).toBe(3);
  });

  it('adds a note pressed again after a lost answer under the same key; the next note gets a new one', async () => {
    let answers = 0;
    const api = fakeApi({
      ...me,
      'staff/customer': { success: true, data: customer() },
      'staff/customer_note': (b) => (++answers === 1 ? refusal(504, 'rest_gateway_timeout', 'The server took too long to answer. Please try again.') : { success: true, data: customer({ notes: [{ id: answers, author: 'Sid Support <sid@cgg.test>', text: String(b.text), created_at: '2026-11-25T10:00:00.000Z' }] }) }),
    });
    renderBackOffice('/admin/customers/4', 'tok');
    const user = userEvent.setup();
    const notes = await screen.findByRole('form', { name: 'Add a note' });
    const add = () => user.click(within(notes).getByRole('button', { name: 'Add note' }));
    await user.type(within(notes).getByLabelText('New note'), 'Asked for a call back.');
    await add();
    expect((await within(notes).findByRole('alert')).textContent).toBe('The server took too long to answer. Please try again.');
    await add();
    expect(await screen.findByText('Asked for a call back.')).toBeTruthy();
    await user.type(within(notes).getByLabelText('New note'), 'Called back.');
    await add();
    expect(await screen.findByText('Called back.')).toBeTruthy();
    const keys = api.sent.filter((s) => s.route === 'staff/customer_note').map((s) => s.body.idempotency_key);
    expect(keys).toHaveLength(3);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
  });

  it('starts a break for the customer with a reason; shows when it started; a refusal says why', async () => {
    const api = fakeApi({
      ...me,
      'staff/customer': { success: true, data: customer() },
      'staff/customer_break': (b) =>
        b.period === '24h'
          ? refusal(409, 'cgg_break_not_longer', 'Not changed: the customer is already on a break until 2 December 2099 at 10:00, which is longer.')
          : { success: true, data: customer({ locked_until: '2099-12-02T10:00:00.000Z', lock_started_at: '2099-11-25T10:00:00.000Z' }) },
    });
    renderBackOffice('/admin/customers/4', 'tok');
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Start a break' });
    await user.click(within(form).getByRole('button', { name: 'Start now' }));
    expect(within(form).getByText('Say why: it is kept in the audit log.')).toBeTruthy();
    expect(api.routes()).not.toContain('staff/customer_break');
    await user.selectOptions(within(form).getByLabelText('Length'), '7 days');
    await user.type(within(form).getByLabelText('Reason (kept in the audit log)'), 'Asked for a week off by phone');
    await user.click(within(form).getByRole('button', { name: 'Start now' }));
    // Asked once more: no one can shorten or lift it after.
    const question = within(form).getByText(/^Start a break of 7 days now\?/);
    expect(question.textContent).toBe("Start a break of 7 days now? The customer's checkouts are refused until it ends, and it cannot be shortened or lifted.");
    expect(document.activeElement).toBe(question);
    expect(api.routes()).not.toContain('staff/customer_break');
    await user.click(within(form).getByRole('button', { name: 'Yes, start the break' }));
    expect((await screen.findByRole('status')).textContent).toBe('The break has started.');
    expect(screen.getByText('On a break until 2 Dec 2099, 10:00 (since 25 Nov 2099, 10:00)')).toBeTruthy();
    await user.selectOptions(within(form).getByLabelText('Length'), '24 hours');
    await user.type(within(form).getByLabelText('Reason (kept in the audit log)'), 'Again');
    await user.click(within(form).getByRole('button', { name: 'Start now' }));
    await user.click(within(form).getByRole('button', { name: 'Yes, start the break' }));
    expect((await within(form).findByRole('alert')).textContent).toBe('Not changed: the customer is already on a break until 2 December 2099 at 10:00, which is longer.');
    expect(api.sent.filter((s) => s.route === 'staff/customer_break').map((s) => s.body)).toEqual([
      { customer_id: 4, period: '7d', reason: 'Asked for a week off by phone' },
      { customer_id: 4, period: '24h', reason: 'Again' },
    ]);
    // Closing for good says so, and Go back sends nothing.
    await user.selectOptions(within(form).getByLabelText('Length'), 'Close the account permanently');
    await user.type(within(form).getByLabelText('Reason (kept in the audit log)'), 'Asked to close');
    await user.click(within(form).getByRole('button', { name: 'Start now' }));
    expect(within(form).getByText(/^Close this account permanently\?/)).toBeTruthy();
    expect(within(form).getByRole('button', { name: 'Yes, close the account permanently' })).toBeTruthy();
    await user.click(within(form).getByRole('button', { name: 'Go back' }));
    expect(api.sent.filter((s) => s.route === 'staff/customer_break')).toHaveLength(2);
  });
});
