/** A task run every `intervalMs` until stopped. */
export interface RepeatingTask {
  /** Stops the loop and waits for a run in progress to end. */
  stop(): Promise<void>;
}

/**
 * Runs `run` now, then `intervalMs` after each run ends (never two at once), on an unref'd timer
 * so it never keeps the process alive: in this process only, so every instance runs its own.
 * Work that must run once across instances is a repeating job on the job queue instead
 * (`shopRepeatingJobs`, src/jobs/shop-jobs.ts; the draws and the harm sweep moved there).
 * `run` handles its own errors.
 */
export function startRepeating(intervalMs: number, run: () => Promise<void>): RepeatingTask {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let stopped = false;
  const schedule = (delay: number): void => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = run().finally(() => {
        running = null;
        schedule(intervalMs);
      });
    }, delay);
    timer.unref();
  };
  schedule(0);
  return {
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
