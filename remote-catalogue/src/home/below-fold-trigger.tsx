import { use, useEffect, useState, type ReactNode, type RefObject } from 'react';
import { useHydrating } from '../components/use-hydrating.ts';

interface Gate {
  opened: Promise<void>;
  open: () => void;
}

/**
 * Opens once the below-the-fold sections should come alive: when they come near the viewport,
 * or when the browser is idle after the page has loaded, whichever is first. Their code, data
 * and images then stay off the critical path of the first screen.
 */
export function useBelowFoldGate(target: RefObject<Element | null>): Promise<void> {
  const [gate] = useState<Gate>(() => {
    let open = () => {};
    const opened = new Promise<void>((resolve) => {
      open = resolve;
    });
    return { opened, open };
  });
  useEffect(() => {
    const fire = gate.open;
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
  }, [gate, target]);
  return gate.opened;
}

/**
 * Its children render once the gate opens. In a browser-only render it shows `fallback` until
 * then. A server-rendered page has them in its HTML already (for crawlers and link previews):
 * while hydrating it suspends until the gate opens, so React keeps the server's HTML and
 * hydrates them later, off the first screen's critical path. The server renders them at once.
 */
export function AfterGate({ gate, fallback, children }: { gate: Promise<void>; fallback: ReactNode; children: ReactNode }) {
  // Latched at mount: the post-hydration render must not swap the server's HTML for the fallback.
  const [serverRendered] = useState(useHydrating());
  const [open, setOpen] = useState(false);
  useEffect(() => {
    let live = true;
    void gate.then(() => live && setOpen(true));
    return () => {
      live = false;
    };
  }, [gate]);
  if (serverRendered) {
    if (typeof window !== 'undefined') use(gate);
    return children;
  }
  return open ? children : fallback;
}
