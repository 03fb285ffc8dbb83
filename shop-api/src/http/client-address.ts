import type { FastifyRequest } from 'fastify';

/**
 * The proxies whose X-Forwarded-For is believed (Fastify's `trustProxy`, proxy-addr's
 * syntax): by default loopback, the shell's server on this machine. With more than one
 * machine, TRUST_PROXY adds the load balancer's addresses or ranges, e.g.
 * `loopback,10.0.0.0/8`. Entries a browser wrote itself come before the trusted hops and are
 * never taken.
 */
export const DEFAULT_TRUSTED_PROXIES = 'loopback';

/** The visitor's address, for rate limits and records: the first hop no trusted proxy vouches for. */
export function clientAddress(request: FastifyRequest): string {
  return request.ip || 'unknown';
}
