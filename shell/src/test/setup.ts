// jsdom does not implement scrolling; the scroll-to-top test spies on this stub.
// (The server tests run in node, without a window.)
if (typeof window !== 'undefined') window.scrollTo = () => {};
