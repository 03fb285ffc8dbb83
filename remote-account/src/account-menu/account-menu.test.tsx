import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { emit } from '@cgg/contracts';
import AccountMenu from './account-menu.tsx';

afterEach(cleanup);

function renderMenu() {
  render(
    <MemoryRouter>
      <AccountMenu />
    </MemoryRouter>,
  );
}

const signIn = () =>
  act(() => emit('account:session-changed', { signedIn: true, user: { id: 7, firstName: 'Priya', displayName: 'Priya Shah' } }));

describe('AccountMenu', () => {
  it('offers Login when signed out', () => {
    renderMenu();
    expect(screen.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/auth/login');
    expect(screen.queryByRole('button', { name: 'Sign out' })).toBeNull();
  });

  it('shows the first name, My account and Sign out when signed in', () => {
    renderMenu();
    signIn();
    expect(screen.getByText('Hi, Priya')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'My account' }).getAttribute('href')).toBe('/account');
    expect(screen.queryByRole('link', { name: 'Login' })).toBeNull();
  });

  it('Sign out announces the signed-out session and shows Login again', () => {
    renderMenu();
    signIn();
    const seen = vi.fn();
    window.addEventListener('account:session-changed', seen);
    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    window.removeEventListener('account:session-changed', seen);
    expect((seen.mock.calls[0]?.[0] as CustomEvent).detail).toEqual({ signedIn: false, user: null });
    expect(screen.getByRole('link', { name: 'Login' })).toBeTruthy();
  });

  it('ignores a session payload that breaks the contract', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderMenu();
    act(() => window.dispatchEvent(new CustomEvent('account:session-changed', { detail: { signedIn: 'yes' } })));
    expect(screen.getByRole('link', { name: 'Login' })).toBeTruthy();
    expect(warn).toHaveBeenCalled();
  });
});
