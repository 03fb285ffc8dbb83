import { beforeEach, describe, expect, it, vi } from 'vitest';
import { UI_WAIT } from '../test/ui-wait.ts';

const loadZod = vi.fn(() => Promise.resolve({}));
let interactive: () => void = () => {};
vi.mock('@cgg/contracts', () => ({ loadZod }));
vi.mock('./after-interactive.ts', () => ({ afterInteractive: () => new Promise<void>((resolve) => (interactive = resolve)) }));

const { loadZodFor } = await import('./zod-loading.ts');

beforeEach(() => loadZod.mockClear());

describe('when the shell loads zod', () => {
  it('a server-rendered page: once the page is interactive, not before', async () => {
    await loadZodFor(true);
    expect(loadZod).not.toHaveBeenCalled();
    interactive();
    await vi.waitFor(() => expect(loadZod).toHaveBeenCalledTimes(1), UI_WAIT);
  });

  it('a page the browser renders alone: before its first render', async () => {
    let loaded = false;
    loadZod.mockImplementationOnce(() => Promise.resolve({}).then(() => (loaded = true)));
    await loadZodFor(false);
    expect(loaded).toBe(true);
  });

  it('a failed download is reported, and the page still renders', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    loadZod.mockImplementationOnce(() => Promise.reject(new Error('offline')));
    await expect(loadZodFor(false)).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledWith('[shell] zod could not be loaded', expect.any(Error));
  });
});
