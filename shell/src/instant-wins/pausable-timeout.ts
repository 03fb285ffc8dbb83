export interface PausableTimeout {
  /** Stops the clock, keeping the time left. */
  pause(): void;
  /** Starts the clock again with the time that was left. */
  resume(): void;
  cancel(): void;
}

/** A timeout that can be held (while the pop-up is pointed at or has the focus) and let go again. */
export function pausableTimeout(run: () => void, ms: number): PausableTimeout {
  let left = ms;
  let startedAt = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let over = false;
  const start = () => {
    startedAt = Date.now();
    timer = setTimeout(() => {
      timer = undefined;
      over = true;
      run();
    }, left);
  };
  start();
  return {
    pause() {
      if (timer === undefined) return;
      clearTimeout(timer);
      timer = undefined;
      left = Math.max(0, left - (Date.now() - startedAt));
    },
    resume() {
      if (timer === undefined && !over) start();
    },
    cancel() {
      clearTimeout(timer);
      timer = undefined;
      over = true;
    },
  };
}
