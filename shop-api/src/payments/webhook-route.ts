import type { FastifyInstance } from 'fastify';
import { API_PREFIX } from '../http/rest-addressing.ts';
import type { PaymentHooks } from './order-payment.ts';
import type { PaymentGateway } from './payment-gateway.ts';
import { receiveWebhook } from './webhooks.ts';

/** Where each provider posts its events: `/wp-json/cgg/v1/payments/webhook/{demo|stripe}`. */
export const webhookPath = (provider: string): string => `${API_PREFIX}/cgg/v1/payments/webhook/${provider}`;

/**
 * The webhook route. Not a declared JSON call: the signature covers the body's exact bytes, so
 * this scope reads JSON as a raw Buffer. Only the configured provider's path answers.
 */
export function registerWebhookRoute(app: FastifyInstance, deps: { pool: import('pg').Pool; gateway: PaymentGateway; now: () => Date; hooks: PaymentHooks }): void {
  void app.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    // Left out of the OpenAPI document: the provider calls it, not a client of ours.
    scope.post(webhookPath(deps.gateway.name), { schema: { hide: true } }, async (request, reply) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const out = await receiveWebhook(deps.pool, deps.gateway, raw, request.headers, deps.now(), deps.hooks);
      return reply.code(out.status).send(out.body);
    });
  });
}
