import { afterEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { resetStaffSessionForTests } from '../session/staff-session.ts';

// findBy/waitFor wait for what the user sees; 1 s (the default) is too short for a lazy chunk
// when CI runs two suites at once on two cores.
configure({ asyncUtilTimeout: 5000 });

// jsdom draws no canvas (and says so on the console): the charts show their tables instead.
HTMLCanvasElement.prototype.getContext = () => null;

afterEach(() => {
  cleanup();
  resetStaffSessionForTests();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
