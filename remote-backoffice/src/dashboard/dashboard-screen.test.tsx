import { screen, within } from '@testing-library/react';
import type { StaffDashboard } from '@cgg/contracts/staff';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../test/fake-api.ts';
import { admin, operator, support } from '../test/fixtures.ts';
import { renderBackOffice } from '../test/render-back-office.tsx';

const day = (d: number, tickets: number) => ({ day: `2026-11-${String(d).padStart(2, '0')}`, revenue: `${tickets}.00`, paid_tickets: tickets, postal_entries: d === 25 ? 2 : 0 });
const dashboard: StaffDashboard = {
  today: { orders: 3, revenue: '14.85', paid_tickets: 15, postal_entries: 2 },
  this_week: { orders: 10, revenue: '99.00', paid_tickets: 100, postal_entries: 4 },
  daily: Array.from({ length: 14 }, (_, i) => day(12 + i, i)),
  by_competition: [{ competition_id: 12, title: 'Win a Tesla Model 3', revenue: '80.00', paid_tickets: 80 }],
  closing_soon: [{ competition_id: 12, title: 'Win a Tesla Model 3', closing_at: '2026-11-26T20:00:00.000Z', sold: 4200, total: 5000 }],
  open_claims: 3,
  flagged_customers: [
    {
      customer_id: 41,
      name: 'Jamie Taylor',
      flagged_at: '2026-11-25T10:15:00.000Z',
      reasons: [
        { code: 'near_spend_limit', text: 'Spent £45.00 of their monthly limit of £50.00' },
        { code: 'high_spend', text: 'Spent £612.00 in the last 7 days' },
      ],
    },
    { customer_id: 7, name: 'Sam Break', flagged_at: '2026-11-24T09:00:00.000Z', reasons: [{ code: 'break_started', text: 'Started a 7-day break on 24 Nov 2026, 09:00, until 1 Dec 2026, 09:00' }] },
  ],
};

describe('dashboard', () => {
  it("shows today's and this week's sales, the charts' numbers, closing competitions and waiting claims", async () => {
    fakeApi({ 'staff/me': { success: true, data: operator }, 'staff/dashboard': { success: true, data: dashboard } });
    renderBackOffice('/admin', 'tok');
    const today = await screen.findByRole('region', { name: 'Today' });
    expect(within(today).getByText('£14.85')).toBeTruthy();
    expect(within(today).getByText('15')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'This week' })).getByText('£99.00')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Claims waiting' })).getByText('3')).toBeTruthy();
    const tickets = screen.getByRole('table', { name: 'Tickets, last 14 days' });
    expect(within(tickets).getAllByRole('row')).toHaveLength(15);
    expect(within(tickets).getByRole('row', { name: 'Wed 25 Nov 13 2' })).toBeTruthy();
    expect(within(screen.getByRole('table', { name: 'Sales per competition this week' })).getByText('£80.00')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Win a Tesla Model 3' }).getAttribute('href')).toBe('/admin/competitions/12');
    expect(screen.getByText(/closes 26 Nov 2026, 20:00, 4200 of 5000 sold/)).toBeTruthy();
  });

  it('lists customers to look at with their reasons, newest first; an operator sees names without links', async () => {
    fakeApi({ 'staff/me': { success: true, data: operator }, 'staff/dashboard': { success: true, data: dashboard } });
    renderBackOffice('/admin', 'tok');
    const section = await screen.findByRole('region', { name: 'Customers to look at' });
    const names = within(section).getAllByText(/^(Jamie Taylor|Sam Break)$/);
    expect(names.map((n) => n.textContent)).toEqual(['Jamie Taylor', 'Sam Break']);
    const items = names.map((n) => n.closest('li') as HTMLElement);
    expect(within(items[0]!).getByText('Spent £45.00 of their monthly limit of £50.00')).toBeTruthy();
    expect(within(items[0]!).getByText('Spent £612.00 in the last 7 days')).toBeTruthy();
    expect(within(items[0]!).getByText('#41 · 25 Nov 2026, 10:15')).toBeTruthy();
    expect(within(items[1]!).getByText('Started a 7-day break on 24 Nov 2026, 09:00, until 1 Dec 2026, 09:00')).toBeTruthy();
    expect(within(section).getByText('Jamie Taylor').tagName).toBe('STRONG');
    expect(within(section).queryAllByRole('link')).toHaveLength(0);
  });

  it.each([admin, support])('links each customer to their page for $role', async (member) => {
    fakeApi({ 'staff/me': { success: true, data: member }, 'staff/dashboard': { success: true, data: dashboard } });
    renderBackOffice('/admin', 'tok');
    const section = await screen.findByRole('region', { name: 'Customers to look at' });
    expect(within(section).getByRole('link', { name: 'Jamie Taylor' }).getAttribute('href')).toBe('/admin/customers/41');
    expect(within(section).getByRole('link', { name: 'Sam Break' }).getAttribute('href')).toBe('/admin/customers/7');
    expect(within(section).getByRole('link', { name: 'Review them and record what was done' }).getAttribute('href')).toBe('/admin/reviews');
  });

  it('says so when nobody needs a look', async () => {
    fakeApi({ 'staff/me': { success: true, data: admin }, 'staff/dashboard': { success: true, data: { ...dashboard, flagged_customers: [] } } });
    renderBackOffice('/admin', 'tok');
    expect(within(await screen.findByRole('region', { name: 'Customers to look at' })).getByText('None.')).toBeTruthy();
  });
});
