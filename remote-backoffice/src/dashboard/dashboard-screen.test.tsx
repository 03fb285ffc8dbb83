import { screen, within } from '@testing-library/react';
import type { StaffDashboard } from '@cgg/contracts/staff';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../test/fake-api.ts';
import { operator } from '../test/fixtures.ts';
import { renderBackOffice } from '../test/render-back-office.tsx';

const day = (d: number, tickets: number) => ({ day: `2026-11-${String(d).padStart(2, '0')}`, revenue: `${tickets}.00`, paid_tickets: tickets, postal_entries: d === 25 ? 2 : 0 });
const dashboard: StaffDashboard = {
  today: { orders: 3, revenue: '14.85', paid_tickets: 15, postal_entries: 2 },
  this_week: { orders: 10, revenue: '99.00', paid_tickets: 100, postal_entries: 4 },
  daily: Array.from({ length: 14 }, (_, i) => day(12 + i, i)),
  by_competition: [{ competition_id: 12, title: 'Win a Tesla Model 3', revenue: '80.00', paid_tickets: 80 }],
  closing_soon: [{ competition_id: 12, title: 'Win a Tesla Model 3', closing_at: '2026-11-26T20:00:00.000Z', sold: 4200, total: 5000 }],
  open_claims: 3,
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
});
