import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { emit } from '@cgg/contracts';
import { ToastHost } from './toast-host.tsx';
import { resetToastQueueForTests } from './toast-queue.ts';

// The renderer's chunk, whose download the test makes fail once (a dropped connection on a phone).
const download = vi.hoisted(() => ({ fails: 0 }));
vi.mock('./toast-renderer.tsx', async (importOriginal) => {
  if (download.fails > 0) {
    download.fails -= 1;
    throw new Error('Loading chunk toast-renderer failed.');
  }
  return importOriginal();
});

afterEach(() => {
  cleanup();
  resetToastQueueForTests();
});

describe('toasts whose renderer cannot be downloaded', () => {
  it('leave the page standing, and the next toast downloads the renderer again and shows', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    download.fails = 1;
    render(
      <>
        <h1>Win a Tesla Model 3</h1>
        <ToastHost />
      </>,
    );
    await act(async () => emit('shell:toast', { message: 'Details updated successfully!', variant: 'success' }));
    await vi.waitFor(() => expect(warn).toHaveBeenCalledWith('[shell] toasts unavailable: their renderer could not be loaded', expect.any(Error)));
    expect(screen.getByRole('heading', { name: 'Win a Tesla Model 3' })).toBeTruthy();
    expect(screen.queryByText('Details updated successfully!')).toBeNull();

    act(() => emit('shell:toast', { message: 'An error occurred.', variant: 'error' }));
    expect(await screen.findByText('An error occurred.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Win a Tesla Model 3' })).toBeTruthy();
    // What was waiting for the failed download belonged to a moment that has passed.
    expect(screen.queryByText('Details updated successfully!')).toBeNull();
  });
});
