import type { ReactNode } from 'react';

/**
 * Under a list the API caps (it has no pager): when the list came back full, says so and what to
 * do, so nobody takes the first page for the whole list. `shown` is what the API answered, not
 * what is left after rows were dealt with on the screen.
 */
export function CappedNote({ shown, cap, children }: { shown: number; cap: number; children: ReactNode }) {
  if (shown < cap) return null;
  return <p className="bo-muted bo-capped">{children}</p>;
}
