import { afterEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { resetSessionForTests } from '../session/session.ts';
import { resetAccountCache } from '../data/swr-config.ts';
import { UI_WAIT_MS } from './ui-wait.ts';

configure({ asyncUtilTimeout: UI_WAIT_MS });

afterEach(() => {
  cleanup();
  resetSessionForTests();
  resetAccountCache();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});
