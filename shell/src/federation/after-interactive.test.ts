import { EVENT_HELD, emit } from '@cgg/contracts';
import { describe, expect, it, vi } from 'vitest';

// The page the visitor came for never settles here: only a held event can make the widgets come.
vi.mock('./main-content-ready.tsx', () => ({ mainContentSettled: () => new Promise<void>(() => {}) }));

const { afterInteractive } = await import('./after-interactive.ts');

describe('afterInteractive', () => {
  it('lets the header widgets come at once when an add is waiting for the basket', async () => {
    let ready = false;
    void afterInteractive().then(() => (ready = true));
    await Promise.resolve();
    expect(ready).toBe(false);
    const held = vi.fn();
    window.addEventListener(EVENT_HELD, held);
    // Nobody listens for add requests yet: the basket's remote has not started.
    emit('cart:add-requested', { competitionId: 1, productId: 11, quantity: 1, title: 'Tesla' });
    expect(held).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(ready).toBe(true));
  });
});
