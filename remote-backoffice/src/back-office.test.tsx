import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, refusal } from './test/fake-api.ts';
import { operator, support } from './test/fixtures.ts';
import { renderBackOffice } from './test/render-back-office.tsx';

describe('back office session', () => {
  it("checks a tab's stored session and shows only the sections the role may use", async () => {
    const api = fakeApi({ 'staff/me': { success: true, data: support } });
    renderBackOffice('/admin', 'stored-token');
    expect(await screen.findByRole('heading', { name: 'Welcome, Sid Support' })).toBeTruthy();
    expect(api.sent[0]).toEqual({ route: 'staff/me', body: {}, bearer: 'stored-token' });
    expect(screen.getByRole('navigation', { name: 'Back office' }).textContent).toBe('DashboardCompetitionsCustomersReviewsRefundsComplaintsChat');
  });

  it("says so at a screen the member's role does not have, or an address with no screen, and leads to the dashboard", async () => {
    fakeApi({ 'staff/me': { success: true, data: support } });
    renderBackOffice('/admin/Staff', 'stored-token');
    expect(await screen.findByRole('heading', { name: 'Staff is not one of your screens' })).toBeTruthy();
    expect(document.title).toBe('Not one of your screens · Back office | CGG Competitions');
    expect(screen.getByText('Staff is for Admin; you are signed in as Support. Ask an admin if you need it.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Add/ })).toBeNull();
    await userEvent.setup().click(screen.getByRole('link', { name: 'Go to the dashboard' }));
    expect(await screen.findByRole('heading', { name: 'Welcome, Sid Support' })).toBeTruthy();
  });

  it('an address under /admin with no screen says so', async () => {
    fakeApi({ 'staff/me': { success: true, data: support } });
    renderBackOffice('/admin/no-such-thing', 'stored-token');
    expect(await screen.findByRole('heading', { name: 'There is no such screen' })).toBeTruthy();
    expect(document.title).toBe('No such screen · Back office | CGG Competitions');
  });

  it('gives an operator competitions, fulfilment and coupons, not refunds or staff', async () => {
    fakeApi({ 'staff/me': { success: true, data: operator } });
    renderBackOffice('/admin', 'stored-token');
    expect(await screen.findByRole('heading', { name: 'Welcome, Olu Operator' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Back office' }).textContent).toBe('DashboardCompetitionsFulfilmentCoupons');
  });

  it('asks to sign in again when the session has ended on the server', async () => {
    fakeApi({ 'staff/me': refusal(401, 'cgg_staff_sign_in', 'Please sign in to the back office.') });
    renderBackOffice('/admin/refunds', 'expired-token');
    expect(await screen.findByText('Your back-office session has ended. Please sign in again.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Back office sign in' })).toBeTruthy();
    expect(sessionStorage.getItem('cgg.backoffice.token')).toBeNull();
  });

  it('signs out on the server and in the tab', async () => {
    const api = fakeApi({ 'staff/me': { success: true, data: support }, 'staff/logout': { success: true, message: 'You have signed out of the back office.' } });
    renderBackOffice('/admin', 'stored-token');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Sign out' }));
    expect(await screen.findByText('You have signed out of the back office.')).toBeTruthy();
    expect(api.sent.find((s) => s.route === 'staff/logout')).toEqual({ route: 'staff/logout', body: {}, bearer: 'stored-token' });
    expect(sessionStorage.getItem('cgg.backoffice.token')).toBeNull();
  });

  it('names each screen in the browser tab', async () => {
    fakeApi({ 'staff/me': { success: true, data: support }, 'staff/logout': { success: true, message: 'You have signed out of the back office.' } });
    renderBackOffice('/admin', 'stored-token');
    await screen.findByRole('heading', { name: 'Welcome, Sid Support' });
    expect(document.title).toBe('Dashboard · Back office | CGG Competitions');
    const user = userEvent.setup();
    await user.click(screen.getByRole('link', { name: 'Complaints' }));
    await waitFor(() => expect(document.title).toBe('Complaints · Back office | CGG Competitions'));
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    await screen.findByRole('heading', { name: 'Back office sign in' });
    expect(document.title).toBe('Sign in · Back office | CGG Competitions');
  });

  it("names a screen below a section after its section", async () => {
    fakeApi({ 'staff/me': { success: true, data: support } });
    renderBackOffice('/admin/customers/42', 'stored-token');
    await waitFor(() => expect(document.title).toBe('Customers · Back office | CGG Competitions'));
  });
});
