import { describe, expect, it, vi } from 'vitest';
import remoteFallbackPlugin from './remote-fallback-plugin.ts';
import { isRemoteFallback, RemoteUnavailableError } from './remote-unavailable-error.ts';

type Hook = (args: { id: string; error: unknown; lifecycle: string }) => unknown;

describe('errorLoadRemote plugin', () => {
  const hook = remoteFallbackPlugin().errorLoadRemote as unknown as Hook;

  it('leaves the manifest step (afterResolve) alone', () => {
    expect(hook({ id: 'http://localhost:3001/mf-manifest.json', error: new Error('x'), lifecycle: 'afterResolve' })).toBeUndefined();
  });

  it('hands back a stand-in module for onLoad whose component throws RemoteUnavailableError', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const module = hook({ id: 'catalogue/HomePage', error: new Error('x'), lifecycle: 'onLoad' }) as { default: () => never };
    expect(isRemoteFallback(module)).toBe(true);
    expect(() => module.default()).toThrow(RemoteUnavailableError);
  });
});
