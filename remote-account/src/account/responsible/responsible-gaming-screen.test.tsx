import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { openAccount } from '../../test/account-harness.tsx';
import { responses } from '../../test/fixtures.ts';
import { collect } from '../../test/events.ts';
import { limitChangeTiming } from './limit-change.ts';

describe('limit change timing', () => {
  it('is immediate when lowering (per day equivalent) and after 24 hours when raising or removing', () => {
    const week50 = { duration: 'week' as const, value: '50.00' };
    expect(limitChangeTiming(week50, { duration: 'week', value: '0' })).toBe('immediate');
    expect(limitChangeTiming(week50, { duration: 'week', value: '80' })).toBe('after-24h');
    expect(limitChangeTiming(week50, { duration: 'day', value: '5' })).toBe('immediate');
    expect(limitChangeTiming(week50, null)).toBe('after-24h');
    expect(limitChangeTiming(null, week50)).toBe('immediate');
  });
});

describe('responsible gaming screen', () => {
  it('shows the limit in force, current spending and a pending raise', async () => {
    openAccount('/account/responsible/gaming', {
      responsible_play: responses.responsiblePlay({ pending_limit_duration: 'week', pending_limit_value: '100.00', pending_limit_from: '2026-11-22T10:00:00.000Z' }),
    });
    expect(await screen.findByText('£50.00 per week')).toBeTruthy();
    expect(screen.getByText('£12.50')).toBeTruthy();
    expect(screen.getByRole('note').textContent).toContain('Pending change: £100.00 per week from November 22, 2026');
    expect(screen.getByText(/Lowering a limit takes effect immediately; raising or removing it takes effect after 24 hours/)).toBeTruthy();
  });

  it('shows the monthly limit the customer chose when asked, and when (UK code 1.4)', async () => {
    const { view } = openAccount('/account/responsible/gaming', {
      responsible_play: responses.responsiblePlay({ limit_choice: { monthly_limit: '20.00', chosen_at: '2026-11-21T15:04:00.000Z' } }),
    });
    expect(await screen.findByText('£20.00 a month, chosen on November 21, 2026 at 15:04')).toBeTruthy();
    view.unmount();
    openAccount('/account/responsible/gaming', {
      responsible_play: responses.responsiblePlay({ limit_choice: { monthly_limit: null, chosen_at: '2026-07-01T09:30:00.000Z' } }),
    });
    // London summer time: 09:30 UTC is 10:30 there.
    expect(await screen.findByText('No limit, chosen on July 1, 2026 at 10:30')).toBeTruthy();
  });

  it('asks for confirmation before lowering to 0, then saves and shows the new limit', async () => {
    const toasts = collect('shell:toast');
    const { api } = openAccount('/account/responsible/gaming', {
      responsible_play: responses.responsiblePlay(),
      update_responsible_play: responses.responsiblePlay({ limit_duration: 'day', limit_value: '0.00' }),
    });
    await screen.findByText('£50.00 per week');
    fireEvent.change(screen.getByLabelText('Limit period'), { target: { value: 'day' } });
    fireEvent.change(screen.getByLabelText(/Amount/), { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Review limit' }));
    expect(screen.getByRole('alertdialog').textContent).toContain('Set your spending limit to £0.00 per day. This takes effect immediately.');
    expect(api.routes()).not.toContain('update_responsible_play');
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.getByText('£0.00 per day')).toBeTruthy());
    expect(api.calls.find((c) => c.route === 'update_responsible_play')?.body).toEqual({ token: 'tok-new-123', limit_duration: 'day', limit_value: '0' });
    expect(toasts).toEqual([{ message: 'Your spending limit has been updated.', variant: 'success' }]);
  });

  it('rejects an amount that is not pounds, and Cancel leaves everything unchanged', async () => {
    const { api } = openAccount('/account/responsible/gaming', { responsible_play: responses.responsiblePlay() });
    await screen.findByText('£50.00 per week');
    fireEvent.change(screen.getByLabelText(/Amount/), { target: { value: '12.345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Review limit' }));
    expect(screen.getByRole('alert').textContent).toBe('Enter an amount in pounds, e.g. 50 or 50.00');
    fireEvent.change(screen.getByLabelText(/Amount/), { target: { value: '80' } });
    fireEvent.click(screen.getByRole('button', { name: 'Review limit' }));
    expect(screen.getByRole('alertdialog').textContent).toContain('This takes effect after 24 hours.');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(api.routes()).not.toContain('update_responsible_play');
  });

  it('locks the account for a period after confirmation', async () => {
    const { api } = openAccount('/account/responsible/gaming', {
      responsible_play: responses.responsiblePlay(),
      update_responsible_play: responses.responsiblePlay({ lock_account: true, locked_until: '2026-11-28T12:00:00.000Z' }),
    });
    await screen.findByText('Not locked');
    fireEvent.change(screen.getByLabelText('Lock for'), { target: { value: '7d' } });
    fireEvent.click(screen.getByRole('button', { name: 'Review lock' }));
    expect(screen.getByRole('alertdialog').textContent).toContain('Lock your account for 7 days?');
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Locked until November 28, 2026 at 12:00')).toBeTruthy();
    // The lock form that had the focus is gone: the limits now have it.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Your limits now' })));
    expect(api.calls.find((c) => c.route === 'update_responsible_play')?.body).toEqual({ token: 'tok-new-123', lock_period: '7d' });
  });

  it('moves the focus into the confirmation as it opens, and back to the Review button on Cancel or Escape', async () => {
    const { api } = openAccount('/account/responsible/gaming', { responsible_play: responses.responsiblePlay() });
    await screen.findByText('Not locked');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Review lock' }));
    // The dialog itself, so a screen reader says its role, title and question.
    const dialog = screen.getByRole('alertdialog');
    expect(document.activeElement).toBe(dialog);
    expect(dialog.getAttribute('aria-describedby')).toBe('acc-confirm-text');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Review lock' }));

    await user.type(screen.getByLabelText(/Amount/), '20');
    await user.keyboard('{Enter}');
    expect(document.activeElement).toBe(screen.getByRole('alertdialog'));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Review limit' }));
    expect(api.routes()).not.toContain('update_responsible_play');
  });
});
