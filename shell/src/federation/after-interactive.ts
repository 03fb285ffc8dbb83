import { useEffect, useState } from 'react';

let interactive: Promise<void> | null = null;

/**
 * Resolves once the page has loaded (the route's own remote included, since scripts
 * it inserted hold the load event) and the browser has a quiet moment. Header widgets
 * wait for it: on a phone their remote entries would otherwise compete with the page
 * the shopper came for, and their plain links work until then.
 */
export function afterInteractive(): Promise<void> {
  interactive ??= new Promise<void>((resolve) => {
    const whenIdle = () => {
      if ('requestIdleCallback' in window) window.requestIdleCallback(() => resolve(), { timeout: 2000 });
      else setTimeout(resolve, 200);
    };
    if (document.readyState === 'complete') whenIdle();
    else window.addEventListener('load', whenIdle, { once: true });
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
