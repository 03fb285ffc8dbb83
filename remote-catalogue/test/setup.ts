import { afterEach, vi } from 'vitest';
import { cleanup } from '@testing-library/react';
import { resetCatalogueCache } from '../src/data/swr-config.ts';

afterEach(() => {
  cleanup();
  resetCatalogueCache();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});
