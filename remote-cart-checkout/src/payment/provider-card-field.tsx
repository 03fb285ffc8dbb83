import { lazy, Suspense } from 'react';
import type { StorePaymentConfig } from '@cgg/contracts/store';
import { Spinner } from '../components/page-frame.tsx';
import type { CardFieldProps } from './card-field.ts';

// Dynamic imports: each provider's field (Stripe.js's wrapper above all) is its own chunk,
// fetched on the checkout page only, and only the live provider's.
const DemoCardField = lazy(() => import('./demo/demo-card-field.tsx'));
const StripeCardField = lazy(() => import('./stripe/stripe-card-field.tsx'));

/** The live provider's card field, as the API's payment-config names it. */
export function ProviderCardField({ config, ...props }: CardFieldProps & { config: StorePaymentConfig }) {
  let field = null;
  if (config.provider === 'stripe' && config.publishable_key) field = <StripeCardField publishableKey={config.publishable_key} {...props} />;
  else if (config.provider === 'demo' && config.demo_api_base) field = <DemoCardField demoApiBase={config.demo_api_base} {...props} />;
  if (!field) {
    return (
      <p className="cc-alert" role="alert">
        Card payments are not set up on this shop right now. Please use your points or site credit, or try again later.
      </p>
    );
  }
  return <Suspense fallback={<Spinner label="Loading the card form" />}>{field}</Suspense>;
}
