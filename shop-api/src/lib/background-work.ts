import { fallbackLogger, type Logger } from './logger.ts';

/**
 * Work a request starts but does not wait for (its answer must not depend on how long the
 * work takes). A failure is logged, never thrown at a caller who has already had the answer.
 * `settled()` waits for everything started so far: the app waits for it before it closes,
 * tests wait for it before they look at what the work wrote.
 */
export interface BackgroundWork {
  run(label: string, work: () => Promise<unknown>): void;
  settled(): Promise<void>;
}

export function createBackgroundWork(log: Logger = fallbackLogger()): BackgroundWork {
  const running = new Set<Promise<unknown>>();
  return {
    run(label, work) {
      const done: Promise<unknown> = Promise.resolve()
        .then(work)
        .catch((err: unknown) => log.error({ err }, `${label} failed`))
        .finally(() => running.delete(done));
      running.add(done);
    },
    async settled() {
      while (running.size) await Promise.all(running);
    },
  };
}
