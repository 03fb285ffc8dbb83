// Rspack build of the cart-checkout remote (Module Federation name `cartCheckout`). Everything but
// what it exposes and its port comes from @cgg/build-kit, so every team shares the same singletons
// and federation options.
import { fileURLToPath } from 'node:url';
import { remoteConfig } from '@cgg/build-kit/remote-config';

export default remoteConfig({
  name: 'cartCheckout',
  dir: fileURLToPath(new URL('.', import.meta.url)),
  exposes: {
    './CartPage': './src/pages/cart-page.tsx',
    './CheckoutPage': './src/pages/checkout-page.tsx',
    './ConfirmationPage': './src/pages/confirmation-page.tsx',
    './ClaimPrizePage': './src/pages/claim-prize-page.tsx',
    './MiniCart': './src/mini-cart/mini-cart.tsx',
  },
  port: Number(process.env.CART_CHECKOUT_PORT ?? 3002),
});
