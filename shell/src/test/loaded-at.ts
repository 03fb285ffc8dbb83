import { vi } from 'vitest';

/** Says the browser loaded the document at `path` (jsdom keeps no navigation entry). */
export function loadedAt(path: string): void {
  vi.spyOn(performance, 'getEntriesByType').mockImplementation((type) =>
    type === 'navigation' ? [{ name: `http://localhost:3000${path}` } as PerformanceEntry] : [],
  );
}
