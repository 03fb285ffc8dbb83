import { afterEach, describe, expect, it, vi } from 'vitest';

/** A fresh copy of the browser runtime (its state is per page). */
async function runtime() {
  vi.resetModules();
  return import('./zod-on-demand.ts');
}

afterEach(() => {
  vi.doUnmock('zod/mini');
  vi.resetModules();
});

describe('zod on demand (the browser runtime)', () => {
  it('is not loaded until asked; queued uses run in order when it arrives, before loadZod resumes', async () => {
    const zod = await runtime();
    const order: string[] = [];
    expect(zod.loadedZod()).toBeUndefined();
    zod.whenZodLoaded(() => order.push('first'));
    zod.whenZodLoaded(() => order.push('second'));
    const waited = zod.zodLoaded().then(() => order.push('waited'));
    // Waiting does not load it.
    await Promise.resolve();
    expect(zod.loadedZod()).toBeUndefined();
    expect(order).toEqual([]);
    const z = await zod.loadZod();
    order.push('loaded');
    await waited;
    expect(order).toEqual(['first', 'second', 'waited', 'loaded']);
    expect(zod.loadedZod()).toBe(z);
    expect(z.string().parse('x')).toBe('x');
    // Once here, a use runs at once.
    zod.whenZodLoaded(() => order.push('now'));
    expect(order.at(-1)).toBe('now');
  });

  it('keeps the order when a queued use queues another', async () => {
    const zod = await runtime();
    const order: string[] = [];
    zod.whenZodLoaded(() => {
      order.push('a');
      zod.whenZodLoaded(() => order.push('c'));
    });
    zod.whenZodLoaded(() => order.push('b'));
    await zod.loadZod();
    expect(order).toEqual(['a', 'b', 'c']);
  });

  it('takes zod from an entry that bundles it, without downloading', async () => {
    const zod = await runtime();
    const { zodMembers: z } = await import('./zod-members.ts');
    const seen = vi.fn();
    zod.whenZodLoaded(seen);
    zod.provideZod(z);
    expect(seen).toHaveBeenCalledWith(z);
    expect(zod.loadedZod()).toBe(z);
    await expect(zod.zodLoaded()).resolves.toBe(z);
    await expect(zod.loadZod()).resolves.toBe(z);
  });

  it('tries again after a failed download', async () => {
    vi.doMock('zod/mini', () => {
      throw new Error('offline');
    });
    const zod = await runtime();
    await expect(zod.loadZod()).rejects.toThrow();
    expect(zod.loadedZod()).toBeUndefined();
    // The network is back (the test's module cache forgets the failed download).
    vi.doUnmock('zod/mini');
    vi.resetModules();
    await expect(zod.loadZod()).resolves.toBeDefined();
    expect(zod.loadedZod()).toBeDefined();
  });
});
