import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import type { Config } from '../config.ts';
import { createPool } from '../db/pool.ts';
import { createDemoGateway } from './demo-gateway.ts';
import { createDemoProvider, type DemoProvider, type DemoProviderOptions } from './demo-provider/demo-provider.ts';
import type { PaymentGateway } from './payment-gateway.ts';
import { createStripeGateway } from './stripe-gateway.ts';

/** The payment gateway in use, and the demo provider behind it when it is the demo one (its browser routes and webhooks). */
export interface PaymentSetup {
  gateway: PaymentGateway;
  demoProvider: DemoProvider | null;
}

/**
 * The demo provider and its adapter. The provider signs its webhooks with a secret of this
 * process's own (it delivers them to this process's webhook handler), unless one is given.
 * It stands for another company's servers, so it has connections of its own (a few, closed with
 * the app, never keeping a CLI run alive) and its writes skip the wait for the disk flush
 * (`synchronous_commit = off`): a real provider's durability costs our database nothing, and the
 * shop's own writes keep theirs.
 */
export function demoPayments(pool: pg.Pool, options: Partial<DemoProviderOptions> = {}): PaymentSetup & { demoProvider: DemoProvider } {
  const settings = [pool.options.options, '-c synchronous_commit=off'].filter(Boolean).join(' ');
  const own = createPool({ ...pool.options, max: 4, allowExitOnIdle: true, options: settings }, 'demo-pay');
  const demoProvider = createDemoProvider(own, { webhookSecret: options.webhookSecret ?? `demo_whsec_${randomBytes(24).toString('hex')}`, ...options });
  return { gateway: createDemoGateway(pool, demoProvider), demoProvider };
}

/** No Stripe keys: the built-in demo provider (the CLI's default). */
export const DEMO_PAYMENTS: Pick<Config, 'paymentGateway' | 'stripe'> = { paymentGateway: 'demo', stripe: null };

/** The configured payment gateway (config.ts: Stripe when its keys are set), for the API and the CLI alike. */
export function gatewayFor(config: Pick<Config, 'paymentGateway' | 'stripe'>, pool: pg.Pool): PaymentSetup {
  switch (config.paymentGateway) {
    case 'stripe':
      return { gateway: createStripeGateway(config.stripe!), demoProvider: null };
    case 'demo':
      return demoPayments(pool);
  }
}
