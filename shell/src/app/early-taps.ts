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
 * now (the script's onPage). What is no longer on the page is skipped. Answers how many were done,
 * and says so in the console.
 * Without the inline script (a page the browser rendered alone) there is nothing to do.
 */
export function replayEarlyTaps(): number {
  const early = window.__cggEarlyTaps;
  if (!early || early.done) return 0;
  early.done = true;
  let replayed = 0;
  const held = early.taps.splice(0);
  for (const tap of held) {
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
  // Said in the console (and so in a test's trace): whether a tap that seems lost was held at all,
  // done again, or dropped because what was tapped had gone.
  if (held.length) {
    const gone = held.length - replayed;
    console.info(`[shell] taps made before the page was ready: ${replayed} done again${gone ? `, ${gone} dropped (no longer on the page)` : ''}`);
  }
  return replayed;
}
