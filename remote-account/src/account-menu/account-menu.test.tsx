import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import AccountMenu from './account-menu.tsx';
import AccountPage from '../pages/account-page.tsx';
import { renderAt, withStoredToken } from '../test/render.tsx';
import { mockApi } from '../test/mock-api.ts';
import { makeUser, responses } from '../test/fixtures.ts';
import { collect } from '../test/events.ts';

const renderMenu = (path = '/') => renderAt(path, [{ path: '*', element: <AccountMenu /> }]);

describe('AccountMenu', () => {
  it('offers Login and Sign up when signed out', async () => {
    mockApi({});
    renderMenu();
    expect(screen.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/auth/login');
    expect(screen.getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe('/auth/register');
    expect(screen.queryByRole('button', { name: 'Sign out' })).toBeNull();
  });

  it('starts the session check and then shows the first name, account links and Sign out', async () => {
    withStoredToken();
    mockApi({ 'check-auth': responses.checkAuth(makeUser()), get_purchased_competition: { success: true, data: [] } });
    renderMenu();
    expect(await screen.findByText('Priya')).toBeTruthy();
    const links = within(screen.getByRole('list', { name: 'My account' })).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      '/account',
      '/account/details',
      '/account/billing',
      '/account/financial-details',
      '/account/recent/orders',
      '/account/points',
      '/account/cred',
      '/account/coupons',
      '/account/responsible/gaming',
    ]);
    expect(screen.queryByRole('link', { name: 'Login' })).toBeNull();
  });

  it('Sign out ends the session, announces it, and leaves the account area', async () => {
    withStoredToken('tok-old');
    const api = mockApi({ 'check-auth': responses.checkAuth(makeUser({ token: 'tok-new' })), get_purchased_competition: { success: true, data: [] }, logout: { success: true, message: 'ok' }, points: responses.points(0, []) });
    renderAt('/account/points', [
      { path: '*', element: <AccountMenu /> },
      { path: '/account/*', element: <><AccountMenu /><AccountPage /></> },
    ]);
    await screen.findByText('Priya');
    const sessions = collect('account:session-changed');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    });
    expect(sessions).toEqual([{ signedIn: false, user: null }]);
    expect(api.calls.find((c) => c.route === 'logout')?.body).toEqual({ token: 'tok-new' });
    expect(screen.getByRole('link', { name: 'Login' })).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/'));
  });
});
