import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

export const REQUEST_ID_HEADER = 'x-request-id';

/** What a load balancer or the shell's caller may send: no spaces, quotes or control characters, nothing long. */
const VALID_ID = /^[\w.:@=+/-]{1,128}$/;

/**
 * Fastify's `genReqId`: the caller's `x-request-id` when it is a plain token (a load
 * balancer's, so one id follows a request across machines), else a new UUID. Anything else
 * in the header is dropped rather than cleaned, so a log line can never be forged with it.
 */
export function requestIdOf(req: IncomingMessage): string {
  const sent = req.headers[REQUEST_ID_HEADER];
  return typeof sent === 'string' && VALID_ID.test(sent) ? sent : randomUUID();
}

/** Every answer (errors and 404s included) names its request id; Fastify's request logs carry it as `reqId`. */
export function registerRequestIdHeader(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    void reply.header(REQUEST_ID_HEADER, request.id);
  });
}
