import { useEffect, useState, type ReactNode } from 'react';

/**
 * Renders its children only in the browser, after the first render: on the server and while
 * the browser hydrates the server's HTML it renders nothing. For what depends on this visitor
 * (their cookie consent, their basket) and so must never be in HTML that is shared or cached,
 * and must not differ between the server's HTML and the browser's first render.
 */
export function ClientOnly({ children }: { children: ReactNode }) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return mounted ? children : null;
}
