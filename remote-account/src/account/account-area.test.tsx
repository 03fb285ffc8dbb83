import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import AccountPage from '../pages/account-page.tsx';
import { renderAt } from '../test/render.tsx';
import { mockApi } from '../test/mock-api.ts';
import { openAccount } from '../test/account-harness.tsx';
import { makeUser, responses } from '../test/fixtures.ts';
import { readStoredToken } from '../session/token-storage.ts';

describe('account area', () => {
  it('sends a visitor to /auth/login, remembering the page', async () => {
    mockApi({});
    renderAt('/account/points?x=1', [
      { path: '/account/*', element: <AccountPage /> },
      { path: '/auth/login', element: <p>Login page</p> },
    ]);
    expect(await screen.findByText('Login page')).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/auth/login');
  });

  it('shows a spinner while the stored session is checked, then the overview with its links', async () => {
    const { api } = openAccount('/account', {}, { hold: true });
    expect(screen.getByRole('status', { name: 'Checking your account' })).toBeTruthy();
    api.release();
    expect(await screen.findByRole('heading', { name: 'Hello Priya' })).toBeTruthy();
    // The side menu and the overview tiles both lead there.
    expect(screen.getAllByRole('link', { name: /Responsible gaming/ }).map((a) => a.getAttribute('href'))).toEqual(['/account/responsible/gaming', '/account/responsible/gaming']);
    expect(document.querySelector('[data-boundary="account"]')).toBeTruthy();
  });

  it("keeps a returning customer on the page with the shop's message when check-auth gets no verdict (503), and opens the account on Try again", async () => {
    const message = 'The shop is briefly unavailable while its database restarts. Please try again in a few seconds.';
    let down = true;
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    openAccount('/account', {
      'check-auth': () => (down ? { status: 503, body: { code: 'rest_database_unavailable', message, data: { status: 503, retry_after: 5 } } } : responses.checkAuth(makeUser())),
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(message);
    expect(screen.getByTestId('location').textContent).toBe('/account');
    expect(readStoredToken()).toBe('tok-old');
    down = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Hello Priya' })).toBeTruthy();
    warn.mockRestore();
  });
});
