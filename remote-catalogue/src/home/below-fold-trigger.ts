import { useEffect, useState, type RefObject } from 'react';
import { useHydrating } from '../components/use-hydrating.ts';

/**
 * True once the below-the-fold sections should load: when they come near the viewport,
 * or when the browser is idle after the page has loaded, whichever is first. Their code
 * and images then stay off the critical path of the first screen.
 *
 * A server-rendered page has them in its HTML already (the server renders everything, for
 * crawlers and link previews): then they are shown from the start, and each hydrates when its
 * chunk arrives (a lazy component keeps the server's HTML until then).
 */
export function useBelowFoldTrigger(target: RefObject<Element | null>): boolean {
  const serverRendered = useHydrating();
  const [ready, setReady] = useState(serverRendered);
  useEffect(() => {
    if (ready) return;
    const fire = () => setReady(true);
    const el = target.current;
    if (!el || typeof IntersectionObserver === 'undefined') {
      fire();
      return;
    }
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && fire(), { rootMargin: '400px 0px' });
    observer.observe(el);

    let idle: number | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const whenIdle = () => {
      if (typeof window.requestIdleCallback === 'function') idle = window.requestIdleCallback(fire, { timeout: 2000 });
      else timer = setTimeout(fire, 1000);
    };
    if (document.readyState === 'complete') whenIdle();
    else window.addEventListener('load', whenIdle, { once: true });
    return () => {
      observer.disconnect();
      window.removeEventListener('load', whenIdle);
      if (idle !== undefined) window.cancelIdleCallback(idle);
      if (timer) clearTimeout(timer);
    };
  }, [ready, target]);
  return ready;
}
