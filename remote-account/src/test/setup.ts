import { afterEach, vi } from 'vitest';
import { cleanup } from '@testing-library/react';
import { resetSessionForTests } from '../session/session.ts';
import { resetAccountCache } from '../data/swr-config.ts';

afterEach(() => {
  cleanup();
  resetSessionForTests();
  resetAccountCache();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});
