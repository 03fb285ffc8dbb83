// With federation's asyncStartup the shared libraries are ready before this module
// runs, so no separate bootstrap file is needed.
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import './federation/provide-shared.ts';
import { mainContentSettled } from './federation/main-content-ready.tsx';
import { remotesReady } from './federation/runtime-document.ts';
import { replayEarlyTaps } from './app/early-taps.ts';
import './styles/global.css';
import './styles/layout.css';
import './styles/site-pages.css';

// Registration runs while the first paint happens; remote slots wait for it.
void remotesReady();

/** Resolves in a task of its own: the browser may paint and answer a tap in between. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * A remote slot the server could not render (its server build down) is rendered here, by design:
 * React reports it as error 419, which is only noted. Anything else (a hydration mismatch) is a bug.
 */
function reportRecoverable(error: unknown, info?: { componentStack?: string }): void {
  const message = error instanceof Error ? error.message : String(error);
  if (/\b419\b|server could not finish this Suspense boundary/i.test(message)) console.info('[shell] a part of the page was rendered in the browser');
  // The component stack names where the page differed (a production build's message does not).
  else console.error('[shell] the page did not hydrate cleanly', error, info?.componentStack ?? '');
}

/**
 * Start-up in steps, each its own task. Evaluated together, the contracts, the router
 * and the app's modules were one task of ~150 ms on a phone (4x CPU), during which the page
 * could not respond. `webpackMode: "eager"` keeps these modules in this file's chunk (no extra
 * request): only their evaluation is spread out.
 */
async function start(): Promise<void> {
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from index.html');
  await nextTask();
  // Before any remote loads, so the first account:session-changed is not missed.
  const { startSessionTracking } = await import(/* webpackMode: "eager" */ './session/session-store.ts');
  startSessionTracking();
  // Before the catalogue can ask for an add: an add waiting for the basket is said to be under way.
  const { watchHeldAdds } = await import(/* webpackMode: "eager" */ './layout/held-adds.ts');
  watchHeldAdds();
  await nextTask();
  const { App, loadZodFor } = await import(/* webpackMode: "eager" */ './app/app.tsx');
  await nextTask();
  // The shell's server rendered the page (server/render/): hydrate its HTML rather than replace it.
  const serverRendered = root.dataset.serverRendered === 'true';
  const zodReady = loadZodFor(serverRendered);
  if (serverRendered) {
    // As a transition, hydration yields to the browser every few milliseconds instead of holding
    // the main thread for the whole page (the page is already visible; taps stay responsive).
    startTransition(() => {
      hydrateRoot(root, <App />, { onRecoverableError: reportRecoverable });
    });
    // Taps on the server's HTML before now were held (server/page-head/early-taps.mjs): done once the page answers,
    // or when the shell stops waiting for it; a form not hydrated by then is not sent (early-taps.ts, resubmit).
    void mainContentSettled().then(() => replayEarlyTaps());
  } else {
    await zodReady;
    createRoot(root).render(<App />);
  }
}

void start();
