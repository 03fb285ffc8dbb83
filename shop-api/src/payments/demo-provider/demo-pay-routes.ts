import { DEMO_PAY_ROUTE_PREFIX, demoChallengeAnswerSchema, demoPaymentMethodRequestSchema, type DemoChallenge } from '@cgg/contracts/demo-pay';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { API_PREFIX } from '../../http/rest-addressing.ts';
import { DemoPayError, type DemoProvider } from './demo-provider.ts';

/*
 * The demo provider's browser API (contracts: api/demo-pay.ts): the demo card field posts the
 * card here - to the "provider", never to the shop's order routes - and the demo 3-D Secure
 * challenge reads and answers its intent here. Answers and errors are the provider's own
 * shape, not the shop's. Mounted only when the demo provider is the gateway.
 */

const base = `${API_PREFIX}${DEMO_PAY_ROUTE_PREFIX}`;
const badRequest = (message: string) => new DemoPayError(400, 'invalid_request_error', 'parameter_invalid', message);

async function answer(reply: FastifyReply, work: () => Promise<unknown>): Promise<FastifyReply> {
  try {
    return await reply.code(200).send(await work());
  } catch (err) {
    if (err instanceof DemoPayError) return reply.code(err.status).send(err.toBody());
    throw err;
  }
}

export function registerDemoPayRoutes(app: FastifyInstance, provider: DemoProvider, now: () => Date): void {
  app.post(`${base}/payment_methods`, (request, reply) => answer(reply, async () => {
    const parsed = demoPaymentMethodRequestSchema.safeParse(request.body);
    if (!parsed.success) throw badRequest('Send card_number, card_expiry and card_cvc.');
    const { card_number: number, card_expiry: expiry, card_cvc: cvc } = parsed.data;
    return provider.createPaymentMethod({ number, expiry, cvc }, now());
  }));

  app.get<{ Params: { id: string }; Querystring: { client_secret?: string } }>(`${base}/payment_intents/:id/challenge`, (request, reply) => answer(reply, async (): Promise<DemoChallenge> => {
    // The secret first: a caller without it learns nothing and moves nothing on (a status check settles a processing payment).
    const seen = await provider.readIntent(request.params.id);
    if (!seen || seen.client_secret !== request.query.client_secret) {
      throw new DemoPayError(404, 'invalid_request_error', 'resource_missing', `No such payment_intent: '${request.params.id}'`);
    }
    const intent = (await provider.retrieveIntent(request.params.id, now())) ?? seen;
    const pm = await provider.paymentMethod(intent.payment_method);
    return { id: intent.id, status: intent.status, amount: intent.amount, currency: intent.currency, last4: pm?.card.last4 ?? '' };
  }));

  app.post<{ Params: { id: string } }>(`${base}/payment_intents/:id/challenge`, (request, reply) => answer(reply, async () => {
    const parsed = demoChallengeAnswerSchema.safeParse(request.body);
    if (!parsed.success) throw badRequest("Send client_secret and outcome ('complete' or 'fail').");
    const intent = await provider.answerChallenge(request.params.id, parsed.data.client_secret, parsed.data.outcome, now());
    return { id: intent.id, status: intent.status };
  }));
}
