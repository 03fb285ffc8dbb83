import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Security headers on every answer of the API (issue 18), through @fastify/helmet rather than
 * hand-written headers: its defaults track what browsers honour now. The shell forwards them
 * with the answer (shell/server/api-proxy.mjs); its own HTML pages carry their own policy
 * (shell/server/html-document.mjs).
 *
 * The API answers JSON, images and a CSV download, never a page, so its Content-Security-Policy
 * allows nothing at all and no page may frame it. Images are `same-site`, not helmet's
 * `same-origin`: the storefront's pages (another port of the same site in development, the same
 * host behind the load balancer) show them.
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  void app.register(helmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
    crossOriginResourcePolicy: { policy: 'same-site' },
  });
}
