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
 * now (the script's onPage). What is no longer on the page is skipped, and taps repeated on the same
 * button or form are done once. Answers how many were done, and says so in the console.
 * Without the inline script (a page the browser rendered alone) there is nothing to do.
 */
export function replayEarlyTaps(): number {
  const early = window.__cggEarlyTaps;
  if (!early || early.done) return 0;
  early.done = true;
  let replayed = 0;
  let repeats = 0;
  let notReady = 0;
  const held = early.taps.splice(0);
  // Every tap is done again in this one task, before React re-renders: a second tap on the same
  // button or form would find a guard such as `if (adding) return` still false and add twice.
  // A shopper tapping again only because nothing seemed to happen meant it once.
  const done = new Set<HTMLElement>();
  for (const tap of held) {
    const form = early.onPage(tap.form);
    const button = early.onPage(tap.button);
    const target = form ?? button;
    if (target && done.has(target)) {
      repeats++;
      continue;
    }
    if (target) done.add(target);
    if (form) {
      const submitter = early.onPage(tap.submitter);
      if (resubmit(form, submitter && (submitter as HTMLButtonElement).form === form ? submitter : null)) replayed++;
      else notReady++;
    } else if (button) {
      button.click();
      replayed++;
    }
  }
  // Said in the console (and so in a test's trace): whether a tap that seems lost was held at all,
  // done again, or dropped because what was tapped had gone.
  if (held.length) {
    const gone = held.length - replayed - repeats - notReady;
    const said = [`${replayed} done again`];
    if (repeats) said.push(`${repeats} repeated tap${repeats === 1 ? '' : 's'} done once`);
    if (gone) said.push(`${gone} dropped (no longer on the page)`);
    if (notReady) said.push(`${notReady} form${notReady === 1 ? '' : 's'} not sent (not ready yet)`);
    console.info(`[shell] taps made before the page was ready: ${said.join(', ')}`);
  }
  return replayed;
}

/**
 * Sends a held form to the app's handler, never to the browser. The taps are done again once the
 * page is ready or after the shell stopped waiting for it (mainContentSettled, 4 s): then the form
 * may not be hydrated yet, and `requestSubmit()` on it was the browser's own submission, a GET
 * carrying the typed name, email and message in the URL (and the server's logs), the text lost.
 * A submit event dispatched by script has no default action: a form with its handler is sent as
 * by a tap, one without is left as it is, its text in place to send again. Answers whether a
 * handler took it (every form of the app prevents the browser's submission).
 */
function resubmit(form: HTMLFormElement, submitter: HTMLElement | null): boolean {
  const submit = new SubmitEvent('submit', { bubbles: true, cancelable: true, submitter });
  form.dispatchEvent(submit);
  return submit.defaultPrevented;
}
