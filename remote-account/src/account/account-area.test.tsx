import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import AccountPage from '../pages/account-page.tsx';
import { renderAt } from '../test/render.tsx';
import { mockApi } from '../test/mock-api.ts';
import { openAccount } from '../test/account-harness.tsx';

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
});
