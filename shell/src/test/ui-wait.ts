/**
 * How long a test waits for what the user sees (Testing Library's findBy/waitFor, and
 * `vi.waitFor`, whose own default is also 1 s): 1 s is too short for a lazy chunk and its calls
 * when CI runs two suites at once on two cores.
 */
export const UI_WAIT_MS = 5000;

/** For `vi.waitFor(check, UI_WAIT)`. */
export const UI_WAIT = { timeout: UI_WAIT_MS };
