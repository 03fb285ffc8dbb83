import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RemoteLoader } from './load-remote-module.ts';
import { RemoteLoaderContext } from './remote-loader-context.ts';
import { WidgetSlot } from './widget-slot.tsx';
import { MainContentReady } from './main-content-ready.tsx';
import { UI_WAIT } from '../test/ui-wait.ts';

afterEach(cleanup);

describe('header widget slot', () => {
  it('shows its plain stand-in first and loads the widget once the page is interactive', async () => {
    const load = vi.fn<RemoteLoader>(() => Promise.resolve({ default: () => <span>Basket: 2 items</span> }));
    render(
      <RemoteLoaderContext.Provider value={load}>
        <WidgetSlot remote="cartCheckout" module="./MiniCart" fallback={<a href="/cart">Basket</a>} />
        {/* The page the visitor came for renders; only then do widgets load. */}
        <MainContentReady />
      </RemoteLoaderContext.Provider>,
    );
    // Nothing is fetched while the page is still becoming interactive.
    expect(screen.getByRole('link', { name: 'Basket' })).toBeTruthy();
    expect(load).not.toHaveBeenCalled();
    expect(await screen.findByText('Basket: 2 items')).toBeTruthy();
    expect(load).toHaveBeenCalledWith('cartCheckout/MiniCart');
  });

  it('keeps the stand-in when the remote is down', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const load = vi.fn<RemoteLoader>(() => Promise.reject(new Error('down')));
    render(
      <RemoteLoaderContext.Provider value={load}>
        <WidgetSlot remote="account" module="./AccountMenu" fallback={<a href="/auth/login">Login</a>} />
      </RemoteLoaderContext.Provider>,
    );
    await vi.waitFor(() => expect(load).toHaveBeenCalled(), UI_WAIT);
    await vi.waitFor(() => expect(load.mock.calls.length).toBeGreaterThanOrEqual(2), UI_WAIT);
    expect(screen.getByRole('link', { name: 'Login' })).toBeTruthy();
  });

  it('runs its while-down task only while the remote is down, and tries the widget again on the next page', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    let up = false;
    const load = vi.fn<RemoteLoader>(() => (up ? Promise.resolve({ default: () => <span>Basket: 2 items</span> }) : Promise.reject(new Error('down'))));
    const stop = vi.fn();
    const whileDown = vi.fn(() => stop);
    const slot = (path: string) => (
      <RemoteLoaderContext.Provider value={load}>
        <WidgetSlot remote="cartCheckout" module="./MiniCart" fallback={<a href="/cart">Basket</a>} retryOn={path} whileDown={whileDown} />
      </RemoteLoaderContext.Provider>
    );
    const { rerender } = render(slot('/competitions'));
    await vi.waitFor(() => expect(whileDown).toHaveBeenCalledTimes(1), UI_WAIT);
    expect(stop).not.toHaveBeenCalled();
    expect(screen.getByRole('link', { name: 'Basket' })).toBeTruthy();

    up = true;
    rerender(slot('/competitions/tesla'));
    expect(await screen.findByText('Basket: 2 items')).toBeTruthy();
    expect(stop).toHaveBeenCalledTimes(1);
    expect(whileDown).toHaveBeenCalledTimes(1);
  });
});
