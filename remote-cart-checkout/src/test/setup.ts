import { afterEach, vi } from 'vitest';
import { cleanup } from '@testing-library/react';
import { resetCartStoreForTests } from '../cart/cart-store.ts';
import { resetCartStartupForTests } from '../cart/cart-startup.ts';

afterEach(() => {
  cleanup();
  resetCartStartupForTests();
  resetCartStoreForTests();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
  sessionStorage.clear();
});
