import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import type { Lifecycle } from './lifecycle.ts';

/** How long requests in flight get to finish before their connections are cut. */
export const SHUTDOWN_GRACE_MS = 10_000;

export interface DrainOptions {
  /** Requests still running after this long have their connections cut (default SHUTDOWN_GRACE_MS). */
  graceMs?: number;
  /**
   * How long the instance keeps serving after /readyz turned 503, before it stops accepting:
   * a load balancer only learns of the 503 at its next health check (HAProxy: `inter` x `fall`),
   * and until then keeps sending new requests here. SHUTDOWN_DRAIN_DELAY_MS; default 0 (no balancer).
   */
  drainDelayMs?: number;
  /** The pause itself (tests end it on cue instead of waiting): default sleeps drainDelayMs. */
  pause?: () => Promise<void>;
}

/**
 * Stops the API without cutting anyone off: /readyz turns 503 (a load balancer stops sending),
 * the instance keeps serving for `drainDelayMs` while the balancer notices, then Fastify answers
 * new requests on open connections 503 and stops accepting connections, the requests already
 * running finish, and the app's close hooks run (background work, winner mails, chat streams).
 * Connections still busy after `graceMs` are cut. The caller closes the pool afterwards, so no
 * request loses its database half way. Returns whether it had to cut.
 */
export async function drainAndClose(app: FastifyInstance, lifecycle: Lifecycle, options: DrainOptions = {}): Promise<{ forced: boolean }> {
  const { graceMs = SHUTDOWN_GRACE_MS, drainDelayMs = 0 } = options;
  lifecycle.startDraining();
  if (options.pause) await options.pause();
  else if (drainDelayMs > 0) await sleep(drainDelayMs);
  let forced = false;
  const deadline = setTimeout(() => {
    forced = true;
    app.server.closeAllConnections();
  }, graceMs);
  try {
    await app.close();
  } finally {
    clearTimeout(deadline);
  }
  return { forced };
}
