import type { FastifyRequest } from 'fastify';

/**
 * Fastify's `trustProxy`: the proxies whose X-Forwarded-For is believed. The shell's server
 * on this machine (a loopback peer) always is; TRUST_PROXY adds the ones in front of it (a
 * load balancer). Walking X-Forwarded-For from the right, every trusted hop is skipped and
 * the first untrusted address is the visitor: earlier entries come from the browser and
 * could be forged. An empty list trusts the shell alone.
 */
export function trustedProxies(configured: readonly string[] = []): string[] {
  return ['loopback', ...configured];
}

/**
 * The visitor's address, for rate limits: Fastify's `request.ip` under the app's
 * `trustProxy` (trustedProxies above), so the logs, the limits and the metrics agree.
 * Behind the shell alone the socket is loopback and the visitor is the LAST
 * X-Forwarded-For entry, the one the shell appended itself.
 */
export function clientAddress(request: FastifyRequest): string {
  return request.ip || request.socket.remoteAddress || 'unknown';
}
