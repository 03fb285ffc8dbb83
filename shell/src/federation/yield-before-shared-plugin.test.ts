import { afterEach, describe, expect, it, vi } from 'vitest';
import yieldBeforeSharedPlugin from './yield-before-shared-plugin.ts';

type Hook = (args: { pkgName: string }) => Promise<{ pkgName: string }>;
const hookOf = () => yieldBeforeSharedPlugin().beforeLoadShare as unknown as Hook;

afterEach(() => {
  vi.useRealTimers();
});

describe('the yield before the first shared library', () => {
  it('lets the first shared libraries load only in the next task, with their arguments unchanged', async () => {
    vi.useFakeTimers();
    const beforeLoadShare = hookOf();
    const settled: string[] = [];
    const react = beforeLoadShare({ pkgName: 'react' }).then((a) => settled.push(a.pkgName));
    const router = beforeLoadShare({ pkgName: 'react-router-dom' }).then((a) => settled.push(a.pkgName));
    // Every pending promise job runs; only a task (the timer) lets them through.
    for (let i = 0; i < 20; i += 1) await Promise.resolve();
    expect(settled).toEqual([]);
    await vi.runAllTimersAsync();
    await Promise.all([react, router]);
    expect(settled).toEqual(['react', 'react-router-dom']);
  });

  it('waits only once: later libraries load without another task', async () => {
    vi.useFakeTimers();
    const beforeLoadShare = hookOf();
    const first = beforeLoadShare({ pkgName: 'react' });
    await vi.runAllTimersAsync();
    await first;
    const setTimeoutSpy = vi.spyOn(globalThis, 'setTimeout');
    await expect(beforeLoadShare({ pkgName: 'swr' })).resolves.toEqual({ pkgName: 'swr' });
    expect(setTimeoutSpy).not.toHaveBeenCalled();
  });
});
