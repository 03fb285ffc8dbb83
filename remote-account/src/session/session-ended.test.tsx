import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { openAccount } from '../test/account-harness.tsx';
import { responses } from '../test/fixtures.ts';
import { wpError } from '../test/mock-api.ts';
import { TOKEN_STORAGE_KEY } from './token-storage.ts';

const expired = wpError(401, 'invalid_token', 'Your session has expired. Please log in again.');

describe('a session that ends while the customer is on an account page', () => {
  it('sends them to log in (and back after) instead of showing empty lists as theirs', async () => {
    // Their password was changed on another device: every call with the token is refused now.
    openAccount('/account/recent/orders', { orders: expired, get_user_details: expired });
    expect(await screen.findByText('Login page')).toBeTruthy();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(screen.queryByText(/You don.t have any orders/)).toBeNull();
  });

  it('stays when the stored session is still good (the refused call carried a token another tab replaced)', async () => {
    const { api } = openAccount('/account/recent/orders', { orders: expired, get_user_details: responses.checkAuth() });
    await waitFor(() => expect(api.calls.some((c) => c.route === 'get_user_details')).toBe(true));
    expect(screen.queryByText('Login page')).toBeNull();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).not.toBeNull();
  });
});
