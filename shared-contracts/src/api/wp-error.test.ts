import { describe, expect, it } from 'vitest';
import { ApiError } from './wp-error.ts';

describe('ApiError', () => {
  it('is recognised across copies of the module (an app bundles its own copy of an unshared entry)', async () => {
    // A second instance of the module, as a remote's own bundle of @cgg/contracts/store would hold.
    const secondCopy = './wp-error.ts?second-copy';
    const copy = (await import(/* @vite-ignore */ secondCopy)) as typeof import('./wp-error.ts');
    expect(copy.ApiError).not.toBe(ApiError);
    const fromCopy = new copy.ApiError('rest_no_route', 'No route.', 404);
    expect(fromCopy instanceof ApiError).toBe(true);
    expect(new ApiError('x', 'y', 500) instanceof copy.ApiError).toBe(true);
  });

  it('is not any other error or value', () => {
    expect(new Error('plain') instanceof ApiError).toBe(false);
    expect({ code: 'x', message: 'y', status: 500 } instanceof ApiError).toBe(false);
    expect((null as unknown) instanceof ApiError).toBe(false);
  });
});
