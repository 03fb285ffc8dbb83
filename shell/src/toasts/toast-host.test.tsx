import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { emit } from '@cgg/contracts';
import { ToastHost } from './toast-host.tsx';
import { toastDuration } from './toast-options.ts';

afterEach(cleanup);

describe('toasts', () => {
  it('uses the spec durations', () => {
    expect(toastDuration('error')).toBe(4000);
    expect(toastDuration('default')).toBe(4000);
    expect(toastDuration('success')).toBe(2000);
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

  it('ignores a payload that breaks the contract', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    render(<ToastHost />);
    act(() => window.dispatchEvent(new CustomEvent('shell:toast', { detail: { message: '', variant: 'shout' } })));
    act(() => emit('shell:toast', { message: 'Valid one' }));
    expect(await screen.findByText('Valid one')).toBeTruthy();
    expect(screen.queryByText('shout')).toBeNull();
    expect(warn).toHaveBeenCalled();
  });
});
