/** What the page's inline script (server/page-head/early-taps.mjs) held before hydration. */
interface EarlyTaps {
  done: boolean;
  taps: Array<{ form?: HTMLFormElement; submitter?: HTMLElement | null; button?: HTMLElement }>;
  /** The element held, or the one that took its place on the page; null when gone (see the script). */
  onPage<T extends HTMLElement>(element: T | null | undefined): T | null;
}

declare global {
  interface Window {
    __cggEarlyTaps?: EarlyTaps;
  }
}

/**
 * Stops holding taps and does again, in order, each tap held before the page hydrated: a form is
 * submitted as it was (with the button that sent it), a button clicked: each as it is on the page
 * now (the script's onPage). What is no longer on the page is skipped. Answers how many were done.
 * Without the inline script (a page the browser rendered alone) there is nothing to do.
 */
export function replayEarlyTaps(): number {
  const early = window.__cggEarlyTaps;
  if (!early || early.done) return 0;
  early.done = true;
  let replayed = 0;
  for (const tap of early.taps.splice(0)) {
    const form = early.onPage(tap.form);
    const button = early.onPage(tap.button);
    if (form) {
      const submitter = early.onPage(tap.submitter);
      form.requestSubmit(submitter && (submitter as HTMLButtonElement).form === form ? submitter : undefined);
      replayed++;
    } else if (button) {
      button.click();
      replayed++;
    }
  }
  return replayed;
}
