import type { FastifyInstance } from 'fastify';
import type { Lifecycle } from './lifecycle.ts';

/** How long requests in flight get to finish before their connections are cut. */
export const SHUTDOWN_GRACE_MS = 10_000;

/**
 * Stops the API without cutting anyone off: /readyz turns 503 (a load balancer stops sending),
 * Fastify answers new requests on open connections 503 and stops accepting connections, the
 * requests already running finish, and the app's close hooks run (background work, winner
 * mails, chat streams). Connections still busy after `graceMs` are cut. The caller closes the
 * pool afterwards, so no request loses its database half way. Returns whether it had to cut.
 */
export async function drainAndClose(app: FastifyInstance, lifecycle: Lifecycle, graceMs = SHUTDOWN_GRACE_MS): Promise<{ forced: boolean }> {
  lifecycle.startDraining();
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
