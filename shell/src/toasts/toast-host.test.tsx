import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { emit } from '@cgg/contracts';
import { ToastHost } from './toast-host.tsx';
import { toastDuration } from './toast-options.ts';
import { resetToastQueueForTests } from './toast-queue.ts';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  resetToastQueueForTests();
});

describe('toasts', () => {
  it('uses the spec durations', () => {
    expect(toastDuration('error')).toBe(4000);
    expect(toastDuration('default')).toBe(4000);
    expect(toastDuration('success')).toBe(2000);
    // "none timed while loading"
    expect(toastDuration('loading')).toBeNull();
  });

  it('shows a message requested with shell:toast', async () => {
    render(<ToastHost />);
    act(() => emit('shell:toast', { message: 'Details updated successfully!', variant: 'success' }));
    expect(await screen.findByText('Details updated successfully!')).toBeTruthy();
  });

  it('shows errors one at a time, each with a Dismiss button', async () => {
    render(<ToastHost />);
    act(() => emit('shell:toast', { message: 'First problem', variant: 'error' }));
    expect(await screen.findByText('First problem')).toBeTruthy();
    act(() => emit('shell:toast', { message: 'An error occurred.', variant: 'error' }));
    expect(await screen.findByText('An error occurred.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('First problem')).toBeNull());
    const dismiss = screen.getAllByRole('button', { name: 'Dismiss' });
    expect(dismiss).toHaveLength(1);
    fireEvent.click(dismiss[0]!);
    await waitFor(() => expect(screen.queryByText('An error occurred.')).toBeNull());
  });

  it('the same error again (a second failed Save) replaces the first: one is shown, and it stays', async () => {
    render(<ToastHost />);
    act(() => emit('shell:toast', { message: 'An error occurred.', variant: 'error' }));
    const first = await screen.findByText('An error occurred.');
    act(() => emit('shell:toast', { message: 'An error occurred.', variant: 'error' }));
    // The first one leaves; the second must be there once it has gone (not dropped as its duplicate).
    await waitFor(() => expect(first.isConnected).toBe(false));
    expect(screen.getAllByText('An error occurred.')).toHaveLength(1);
    expect(screen.getAllByRole('button', { name: 'Dismiss' })).toHaveLength(1);
  });

  it('ignores a payload that breaks the contract', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    render(<ToastHost />);
    act(() => window.dispatchEvent(new CustomEvent('shell:toast', { detail: { message: '', variant: 'shout' } })));
    act(() => emit('shell:toast', { message: 'Valid one' }));
    expect(await screen.findByText('Valid one')).toBeTruthy();
    expect(screen.queryByText('shout')).toBeNull();
    expect(warn).toHaveBeenCalled();
  });

  it('replaces a loading toast with the outcome sent under the same id', async () => {
    render(<ToastHost />);
    act(() => emit('shell:toast', { message: 'Adding to your basket...', variant: 'loading', id: 'cart:add-1' }));
    const loading = await screen.findByText('Adding to your basket...');
    expect(loading.closest('[role="status"]')?.getAttribute('aria-busy')).toBe('true');
    act(() => emit('shell:toast', { message: 'Oops! There is not ticket left to purchase for this competition', variant: 'error', id: 'cart:add-1' }));
    expect(await screen.findByText('Oops! There is not ticket left to purchase for this competition')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Adding to your basket...')).toBeNull());
  });

  it("hands a loading toast over to one with the same words begun in the same moment: one toast, no flicker", async () => {
    render(<ToastHost />);
    act(() => emit('shell:toast', { message: 'Adding to your basket...', variant: 'loading', id: 'shell:held-add' }));
    const shown = await screen.findByText('Adding to your basket...');
    // The shell's ends as the basket's begins, a microtask later (its adds run one after another).
    await act(async () => {
      emit('shell:toast-dismiss', { id: 'shell:held-add' });
      await Promise.resolve();
      emit('shell:toast', { message: 'Adding to your basket...', variant: 'loading', id: 'cart-add-1' });
    });
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(screen.getByText('Adding to your basket...')).toBe(shown);
    // The basket's outcome ends it as its own.
    act(() => emit('shell:toast-dismiss', { id: 'cart-add-1' }));
    await waitFor(() => expect(screen.queryByText('Adding to your basket...')).toBeNull());
  });

  it('closes a loading toast ended alone, and a loading toast with other words does not take it over', async () => {
    render(<ToastHost />);
    act(() => emit('shell:toast', { message: 'Adding to your basket...', variant: 'loading', id: 'shell:held-add' }));
    await screen.findByText('Adding to your basket...');
    act(() => {
      emit('shell:toast-dismiss', { id: 'shell:held-add' });
      emit('shell:toast', { message: 'Placing your order...', variant: 'loading', id: 'checkout' });
    });
    await waitFor(() => expect(screen.queryByText('Adding to your basket...')).toBeNull());
    expect(screen.getByText('Placing your order...')).toBeTruthy();
  });

  it('closes a loading toast on shell:toast-dismiss and leaves the others', async () => {
    render(<ToastHost />);
    act(() => {
      emit('shell:toast', { message: 'Placing your order...', variant: 'loading', id: 'checkout' });
      emit('shell:toast', { message: 'Adding to your basket...', variant: 'loading', id: 'cart:add-2' });
    });
    expect(await screen.findByText('Placing your order...')).toBeTruthy();
    expect(await screen.findByText('Adding to your basket...')).toBeTruthy();
    act(() => emit('shell:toast-dismiss', { id: 'checkout' }));
    await waitFor(() => expect(screen.queryByText('Placing your order...')).toBeNull());
    expect(screen.getByText('Adding to your basket...')).toBeTruthy();
  });

  it('never times a loading toast out, while the blank one beside it goes after 4 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    render(<ToastHost />);
    act(() => {
      emit('shell:toast', { message: 'Placing your order...', variant: 'loading', id: 'checkout' });
      emit('shell:toast', { message: 'A blank toast' });
    });
    expect(await screen.findByText('Placing your order...')).toBeTruthy();
    expect(await screen.findByText('A blank toast')).toBeTruthy();
    // Far past every toast timer (and the exit transitions after them).
    act(() => vi.advanceTimersByTime(4_100));
    act(() => vi.advanceTimersByTime(60_000));
    await waitFor(() => expect(screen.queryByText('A blank toast')).toBeNull());
    expect(screen.getByText('Placing your order...')).toBeTruthy();
  });

  it('drops a loading toast dismissed before the toast renderer had loaded', async () => {
    render(<ToastHost />);
    act(() => {
      emit('shell:toast', { message: 'Adding to your basket...', variant: 'loading', id: 'cart:add-3' });
      emit('shell:toast-dismiss', { id: 'cart:add-3' });
      emit('shell:toast', { message: 'Shown after' });
    });
    expect(await screen.findByText('Shown after')).toBeTruthy();
    expect(screen.queryByText('Adding to your basket...')).toBeNull();
  });
});
