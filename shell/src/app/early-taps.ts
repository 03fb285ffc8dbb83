/** What the page's inline script (server/page-head/early-taps.mjs) held before hydration. */
interface EarlyTaps {
  done: boolean;
  taps: Array<{ form?: HTMLFormElement; submitter?: HTMLElement | null; button?: HTMLElement }>;
}

declare global {
  interface Window {
    __cggEarlyTaps?: EarlyTaps;
  }
}

/**
 * Stops holding taps and does again, in order, each tap held before the page hydrated: a form is
 * submitted as it was (with the button that sent it), a button clicked. What is no longer on the
 * page is skipped. Answers how many were done. Without the inline script (a page the browser
 * rendered alone) there is nothing to do.
 */
export function replayEarlyTaps(): number {
  const early = window.__cggEarlyTaps;
  if (!early || early.done) return 0;
  early.done = true;
  let replayed = 0;
  for (const tap of early.taps.splice(0)) {
    if (tap.form?.isConnected) {
      const submitter = tap.submitter?.isConnected && (tap.submitter as HTMLButtonElement).form === tap.form ? tap.submitter : undefined;
      tap.form.requestSubmit(submitter);
      replayed++;
    } else if (tap.button?.isConnected) {
      tap.button.click();
      replayed++;
    }
  }
  return replayed;
}
