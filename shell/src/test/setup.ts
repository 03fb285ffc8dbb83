// A module (it awaits at the top level below).
export {};

// jsdom does not implement scrolling; the scroll-to-top test spies on this stub.
// (The server tests run in node, without a window.)
if (typeof window !== 'undefined') window.scrollTo = () => {};

// findBy/waitFor wait for what the user sees; 1 s (the default) is too short for a lazy page and
// its calls when CI runs two suites at once on two cores.
if (typeof window !== 'undefined') {
  const { configure } = await import('@testing-library/react');
  configure({ asyncUtilTimeout: 5000 });
}
