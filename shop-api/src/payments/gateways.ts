import type pg from 'pg';
import type { Config } from '../config.ts';
import { createDemoGateway } from './demo-gateway.ts';
import type { PaymentGateway } from './payment-gateway.ts';

/** The configured payment gateway (PAYMENT_GATEWAY), for the API and the CLI alike. */
export function gatewayFor(name: Config['paymentGateway'], pool: pg.Pool): PaymentGateway {
  switch (name) {
    case 'demo':
      return createDemoGateway(pool);
  }
}
