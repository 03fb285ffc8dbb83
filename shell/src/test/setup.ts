// A module (it awaits at the top level below).
export {};

// jsdom does not implement scrolling; the scroll-to-top test spies on this stub.
// (The server tests run in node, without a window.)
if (typeof window !== 'undefined') window.scrollTo = () => {};

// findBy/waitFor wait for what the user sees (ui-wait.ts).
if (typeof window !== 'undefined') {
  const { configure } = await import('@testing-library/react');
  const { UI_WAIT_MS } = await import('./ui-wait.ts');
  configure({ asyncUtilTimeout: UI_WAIT_MS });
}
