import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderSite } from '../test/render-site.tsx';
import type { RemoteLoader } from './load-remote-module.ts';

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(cleanup);

const page = (text: string) => ({ default: () => <h1>{text}</h1> });

describe('remote slots', () => {
  it('a dead catalogue: clear message after one retry, header and footer intact', async () => {
    const load = vi.fn<RemoteLoader>(() => Promise.reject(new Error('down')));
    renderSite('/', load);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The competitions catalogue is unavailable right now. Please try again in a moment.');
    expect(load.mock.calls.filter(([id]) => id === 'catalogue/HomePage')).toHaveLength(2);
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.getByRole('contentinfo')).toBeTruthy();
    // The header widgets fall back to plain links instead of breaking the header.
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('link', { name: 'Basket' }).getAttribute('href')).toBe('/cart');
    expect(within(header).getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/auth/login');
  });

  it('the federation stand-in module counts as unavailable too', async () => {
    const { fallbackModule } = await import('./remote-fallback-plugin.ts');
    renderSite('/cart', (id) => Promise.resolve(fallbackModule(id, new Error('down'))));
    expect((await screen.findByRole('alert')).textContent).toContain('The basket and checkout are unavailable');
  });

  it('Try again loads the part once it is back', async () => {
    let up = false;
    const load: RemoteLoader = (id) => (up && id === 'account/LoginPage' ? Promise.resolve(page('Login')) : Promise.reject(new Error('down')));
    renderSite('/auth/login', load);
    expect((await screen.findByRole('alert')).textContent).toContain('Your account area is unavailable');
    up = true;
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Try again' })));
    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a page that failed to load is loaded afresh when the visitor comes back to it', async () => {
    let up = false;
    const load = vi.fn<RemoteLoader>((id) => (up && id === 'account/LoginPage' ? Promise.resolve(page('Login')) : Promise.reject(new Error('down'))));
    const { router } = renderSite('/auth/login', load);
    expect((await screen.findByRole('alert')).textContent).toContain('Your account area is unavailable');
    await act(async () => router.navigate('/checkout'));
    expect((await screen.findByRole('alert')).textContent).toContain('The basket and checkout are unavailable');
    up = true;
    load.mockClear();
    await act(async () => router.navigate('/auth/login'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeTruthy();
    expect(load).toHaveBeenCalledWith('account/LoginPage');
  });

  it("shows the next remote page's loading state at once instead of keeping the previous page", async () => {
    // Navigations are transitions: a Suspense already shown would keep the old page until the new module came.
    let cartArrives: (module: unknown) => void = () => {};
    const cartModule = new Promise<unknown>((resolve) => (cartArrives = resolve));
    const load: RemoteLoader = (id) => (id === 'cartCheckout/CartPage' ? cartModule : Promise.resolve(page(id === 'catalogue/HomePage' ? 'Home' : 'widget')));
    const { router } = renderSite('/', load);
    expect(await screen.findByRole('heading', { level: 1, name: 'Home' })).toBeTruthy();
    await act(async () => router.navigate('/cart'));
    expect(screen.getByText('Loading the basket and checkout…')).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 1, name: 'Home' })).toBeNull();
    await act(async () => cartArrives(page('Basket')));
    expect(await screen.findByRole('heading', { level: 1, name: 'Basket' })).toBeTruthy();
  });

  it('a remote page that fails while rendering shows the error screen, not "unavailable"', async () => {
    const broken = {
      default: () => {
        throw new TypeError("Cannot read properties of undefined (reading 'tickets')");
      },
    };
    const load: RemoteLoader = (id) => Promise.resolve(id === 'catalogue/CompetitionDetailsPage' ? broken : page(id === 'catalogue/HomePage' ? 'Home' : 'widget'));
    const { router } = renderSite('/competition/details/win-a-car-12', load);
    expect(await screen.findByRole('heading', { level: 1, name: 'Unexpected Application Error!' })).toBeTruthy();
    expect(screen.queryByText(/unavailable right now/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    // Inside the layout, and cleared by the next navigation.
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.getByRole('contentinfo')).toBeTruthy();
    await act(async () => router.navigate('/'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Home' })).toBeTruthy();
    expect(screen.queryByText('Unexpected Application Error!')).toBeNull();
  });

  it('a remote page that loads is rendered in its slot', async () => {
    renderSite('/checkout', (id) => Promise.resolve(page(id === 'cartCheckout/CheckoutPage' ? 'Checkout' : 'widget')));
    expect(await screen.findByRole('heading', { level: 1, name: 'Checkout' })).toBeTruthy();
  });
});
