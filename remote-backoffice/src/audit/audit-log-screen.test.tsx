import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../test/fake-api.ts';
import { account, admin, support } from '../test/fixtures.ts';
import { renderBackOffice } from '../test/render-back-office.tsx';

const entry = (id: number, action: string) => ({
  id, at: '2026-07-01T11:30:00.000Z', staff_id: 1, actor: 'Amy Admin <amy@cgg.test>', action, subject: 'staff #2',
  before: action === 'staff.update' ? { role: 'support' } : null, after: action === 'staff.update' ? { role: 'operator' } : null,
});

describe('audit log screen', () => {
  it('shows who did what, when (London time), before and after, and filters and pages on the server', async () => {
    const api = fakeApi({
      'staff/me': { success: true, data: admin },
      'staff/list': { success: true, data: [account(admin), account(support)] },
      'staff/audit_log': (body) => ({ success: true, data: [entry(Number(body.page) * 10, String(body.action ?? 'staff.update'))], page: body.page, total: 30, total_pages: 2 }),
    });
    renderBackOffice('/admin/audit', 'tok');
    const user = userEvent.setup();
    expect(await screen.findByText('{"role":"operator"}')).toBeTruthy();
    expect(screen.getByText('1 Jul 2026, 12:30:00')).toBeTruthy();
    expect(screen.getByText('Page 1 of 2 (30 in all)')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 2 (30 in all)')).toBeTruthy();
    await user.selectOptions(screen.getByLabelText('Action'), 'order.refund');
    await user.selectOptions(await screen.findByLabelText('Staff member'), 'Sid Support');
    await screen.findByText('order.refund', { selector: 'code' });
    await waitFor(() => expect(api.sent.filter((s) => s.route === 'staff/audit_log')).toHaveLength(4));
    expect(api.sent.filter((s) => s.route === 'staff/audit_log').map((s) => s.body)).toEqual([
      { page: 1, limit: 25 },
      { page: 2, limit: 25 },
      { page: 1, limit: 25, action: 'order.refund' },
      { page: 1, limit: 25, action: 'order.refund', staff_id: 2 },
    ]);
  });
});
