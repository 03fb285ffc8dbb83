import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { openAccount } from '../../test/account-harness.tsx';
import { responses } from '../../test/fixtures.ts';

describe('coupons screen', () => {
  it('shows the heading, the help text and the empty state', async () => {
    openAccount('/account/coupons', { get_coupons: responses.coupons([]) });
    expect(await screen.findByText("You don't have any coupons at present")).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Available Coupons & CGG Discount Creds' })).toBeTruthy();
    expect(screen.getByText(/at least one product/)).toBeTruthy();
  });

  it("lists coupons (description defaulting to 'CGG Coupon') and Use Coupon copies the code with the spec alert", async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    openAccount('/account/coupons', {
      get_coupons: responses.coupons([
        { description: '', code: 'WELCOME10', amount: '10.00' },
        { description: 'Birthday treat', code: 'BDAY5', amount: '£5.00' },
      ]),
    });
    expect(await screen.findByText('CGG Coupon')).toBeTruthy();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Coupon', 'Code', 'Amount', 'Use']);
    expect(screen.getByText('Birthday treat')).toBeTruthy();
    expect(screen.getByText('£10.00')).toBeTruthy(); // the API sends pounds strings
    fireEvent.click(screen.getAllByRole('button', { name: 'Use Coupon' })[0]!);
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Coupon code "WELCOME10" copied to clipboard!'));
    expect(writeText).toHaveBeenCalledWith('WELCOME10');
  });

  it('a failed copy is silent: logged, no alert', async () => {
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText: vi.fn(async () => Promise.reject(new Error('denied'))) } });
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    openAccount('/account/coupons', { get_coupons: responses.coupons([{ description: 'x', code: 'C1', amount: '£1.00' }]) });
    fireEvent.click(await screen.findByRole('button', { name: 'Use Coupon' }));
    await waitFor(() => expect(warn).toHaveBeenCalled());
    expect(alert).not.toHaveBeenCalled();
  });
});
