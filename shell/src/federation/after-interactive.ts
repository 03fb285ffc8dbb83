import { useEffect, useState } from 'react';
import { EVENT_HELD } from '@cgg/contracts';
import { mainContentSettled } from './main-content-ready.tsx';

let interactive: Promise<void> | null = null;

/**
 * Resolves once the page has loaded, the page the visitor came for has rendered (its
 * remote is fetched only after the shell starts, so the load event alone comes too
 * early) and the browser has a quiet moment, or at once when an event waits for a widget's
 * remote (`EVENT_HELD`). Header widgets
 * wait for it: on a phone their remote entries would otherwise compete with the page
 * the shopper came for, and their plain links work until then.
 */
export function afterInteractive(): Promise<void> {
  interactive ??= new Promise<void>((resolve) => {
    const whenIdle = () => {
      if ('requestIdleCallback' in window) window.requestIdleCallback(() => resolve(), { timeout: 2000 });
      else setTimeout(resolve, 200);
    };
    const loaded = new Promise<void>((done) => {
      if (document.readyState === 'complete') done();
      else window.addEventListener('load', () => done(), { once: true });
    });
    // Widgets still come if a page never settles.
    void Promise.all([loaded, mainContentSettled()]).then(whenIdle);
    // Unless a shopper is already waiting on one: a tap on Add before the basket's remote has
    // started is held by the event bus (@cgg/contracts), and the basket should come now.
    window.addEventListener(EVENT_HELD, () => resolve(), { once: true });
  });
  return interactive;
}

export function useAfterInteractive(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let mounted = true;
    void afterInteractive().then(() => mounted && setReady(true));
    return () => {
      mounted = false;
    };
  }, []);
  return ready;
}
