/**
 * Whether this instance is on its way out. Set on SIGTERM / SIGINT before the server stops
 * accepting, so /readyz says 503 and a load balancer sends the next requests elsewhere.
 */
export interface Lifecycle {
  readonly draining: boolean;
  startDraining(): void;
}

export function createLifecycle(): Lifecycle {
  let draining = false;
  return {
    get draining() {
      return draining;
    },
    startDraining() {
      draining = true;
    },
  };
}
