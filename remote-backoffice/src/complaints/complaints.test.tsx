import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StaffComplaint, StaffComplaintRow } from '@cgg/contracts/staff';
import { describe, expect, it } from 'vitest';
import { fakeApi, refusal } from '../test/fake-api.ts';
import { support } from '../test/fixtures.ts';
import { renderBackOffice } from '../test/render-back-office.tsx';
import { openFor } from './open-for.ts';

const me = { 'staff/me': { success: true, data: support } };
const row = (over: Partial<StaffComplaintRow> = {}): StaffComplaintRow => ({
  id: 123, reference: 'CGG-C-000123', state: 'open', category: 'prize', name: 'Rosalind Quarrington', email: 'ros@example.co.uk', customer_id: 4,
  order_number: 10016, created_at: '2026-11-20T10:00:00.000Z', open_hours: 77, answer_due_at: '2099-12-04T10:00:00.000Z', ...over,
});
const complaint = (over: Partial<StaffComplaint> = {}): StaffComplaint => ({
  ...row(), details: 'My prize has not arrived after three weeks.', acknowledged_at: '2026-11-20T10:00:01.000Z', answers: [], closed_at: null, closed_by: null, close_note: null, ...over,
});
const page = (data: StaffComplaintRow[]) => ({ success: true, data, page: 1, total: data.length, total_pages: data.length ? 1 : 0 });

describe('how long a complaint has been open', () => {
  it('reads in days and hours', () => {
    expect([0, 1, 5, 24, 25, 77].map(openFor)).toEqual(['under an hour', '1 hour', '5 hours', '1 day', '1 day 1 hour', '3 days 5 hours']);
  });
});

describe('the complaints queue', () => {
  it('lists open complaints oldest first with how long each has been open, and filters by state', async () => {
    const api = fakeApi({
      ...me,
      'staff/complaints': (b) =>
        b.state === 'closed'
          ? page([row({ id: 7, reference: 'CGG-C-000007', state: 'closed', open_hours: 30 })])
          : page([row(), row({ id: 124, reference: 'CGG-C-000124', name: 'Alex Newer', open_hours: 2, answer_due_at: '2020-01-01T10:00:00.000Z' })]),
    });
    renderBackOffice('/admin/complaints', 'tok');
    const user = userEvent.setup();
    const table = await screen.findByRole('table', { name: 'Complaints, oldest open first' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getByRole('link').textContent)).toEqual(['CGG-C-000123', 'CGG-C-000124']);
    expect(rows[0]!.textContent).toContain('3 days 5 hours');
    expect(rows[0]!.textContent).toContain('A prize or its delivery');
    expect(rows[1]!.textContent).toContain('2 hours · answer overdue');
    expect(api.sent.find((s) => s.route === 'staff/complaints')!.body).toEqual({ page: 1, state: 'open' });

    await user.selectOptions(screen.getByLabelText('Show'), 'closed');
    expect(await screen.findByRole('link', { name: 'CGG-C-000007' })).toBeTruthy();
    expect(api.sent.at(-1)!.body).toEqual({ page: 1, state: 'closed' });
  });

  it('opens a complaint, checks the answer, sends it (emailed and shown) and closes it as resolved', async () => {
    const answered = complaint({ state: 'answered', answers: [{ id: 1, author: 'Sid Support <sid@cgg.test>', text: 'Your prize was sent today.', sent_to: 'ros@example.co.uk', created_at: '2026-11-25T10:00:00.000Z' }] });
    const api = fakeApi({
      ...me,
      'staff/complaint': { success: true, data: complaint() },
      'staff/complaint_answer': { success: true, data: answered },
      'staff/complaint_close': { success: true, data: { ...answered, state: 'closed', closed_at: '2026-11-25T11:00:00.000Z', closed_by: 'Sid Support <sid@cgg.test>', close_note: 'Prize sent' } },
    });
    renderBackOffice('/admin/complaints/123', 'tok');
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { name: 'Complaint CGG-C-000123 Open' })).toBeTruthy();
    expect(screen.getByText('My prize has not arrived after three weeks.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'customer #4' }).getAttribute('href')).toBe('/admin/customers/4');
    expect(screen.queryByRole('form', { name: 'Close the complaint' })).toBeNull();

    const form = screen.getByRole('form', { name: 'Answer the customer' });
    await user.click(within(form).getByRole('button', { name: 'Send answer' }));
    expect(within(form).getByText('Write the answer: the customer receives it by email.')).toBeTruthy();
    expect(api.routes()).not.toContain('staff/complaint_answer');
    await user.type(within(form).getByLabelText('Our answer'), 'Your prize was sent today.');
    await user.click(within(form).getByRole('button', { name: 'Send answer' }));
    expect(await screen.findByText('Your prize was sent today.')).toBeTruthy();
    expect(screen.getByText(/emailed to ros@example.co.uk/)).toBeTruthy();
    expect(api.sent.find((s) => s.route === 'staff/complaint_answer')!.body).toEqual({ id: 123, text: 'Your prize was sent today.', idempotency_key: expect.stringMatching(/^[0-9a-f-]{36}$/) });

    const close = screen.getByRole('form', { name: 'Close the complaint' });
    await user.type(within(close).getByLabelText('How it was resolved (optional, for staff)'), 'Prize sent');
    await user.click(within(close).getByRole('button', { name: 'Close as resolved' }));
    expect(await screen.findByText(/Closed as resolved .* by Sid Support <sid@cgg.test>: Prize sent/)).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Answer the customer' })).toBeNull();
  });

  it('shows a refusal from the shop and keeps the answer typed; the next try clears it', async () => {
    fakeApi({
      ...me,
      'staff/complaint': { success: true, data: complaint() },
      'staff/complaint_answer': refusal(409, 'cgg_complaint_closed', 'This complaint is closed: nothing more can be sent or changed on it.'),
    });
    renderBackOffice('/admin/complaints/123', 'tok');
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Answer the customer' });
    await user.type(within(form).getByLabelText('Our answer'), 'Sorry for the wait.');
    await user.click(within(form).getByRole('button', { name: 'Send answer' }));
    expect((await within(form).findByRole('alert')).textContent).toBe('This complaint is closed: nothing more can be sent or changed on it.');
    expect((within(form).getByLabelText('Our answer') as HTMLTextAreaElement).value).toBe('Sorry for the wait.');

    // Emptied and sent again: the form's own check stops it, and the old refusal does not stand beside it.
    await user.clear(within(form).getByLabelText('Our answer'));
    await user.click(within(form).getByRole('button', { name: 'Send answer' }));
    expect(within(form).getByText('Write the answer: the customer receives it by email.')).toBeTruthy();
    expect(within(form).queryByRole('alert')).toBeNull();
  });

  it('an answer sent again after a lost answer goes under the same key; a changed text under a new one', async () => {
    const api = fakeApi({
      ...me,
      'staff/complaint': { success: true, data: complaint() },
      'staff/complaint_answer': refusal(504, 'rest_gateway_timeout', 'The server took too long to answer. Please try again.'),
    });
    renderBackOffice('/admin/complaints/123', 'tok');
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Answer the customer' });
    const send = async () => {
      await user.click(within(form).getByRole('button', { name: 'Send answer' }));
      expect((await within(form).findByRole('alert')).textContent).toBe('The server took too long to answer. Please try again.');
    };
    await user.type(within(form).getByLabelText('Our answer'), 'Sorry for the wait.');
    await send();
    await send();
    await user.type(within(form).getByLabelText('Our answer'), ' Your prize is on its way.');
    await send();
    const keys = api.sent.filter((s) => s.route === 'staff/complaint_answer').map((s) => s.body.idempotency_key);
    expect(keys).toHaveLength(3);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
  });
});
