import { afterEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { resetCatalogueCache } from '../src/data/swr-config.ts';

// findBy/waitFor wait for what the user sees; 1 s (the default) is too short for a screen's
// lazy chunk and its calls when CI runs two suites at once on two cores.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  resetCatalogueCache();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});
