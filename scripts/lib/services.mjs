import path from 'node:path';
import { portsFrom } from './ports.mjs';
import { root } from './paths.mjs';

const bin = (pkg, rel) => path.join(root, pkg, 'node_modules', rel);

function remote(name, pkg, port, portEnv) {
  return {
    name,
    cwd: path.join(root, pkg),
    // The remote's build with CORS and the cache rule of its file names (build-kit/src/build-files.mjs).
    command: [process.execPath, path.join(root, 'build-kit', 'bin', 'serve-remote.mjs'), 'dist', '--port', String(port), '--host', '127.0.0.1'],
    env: {},
    ready: `http://127.0.0.1:${port}/mf-manifest.json`,
    port,
    portEnv,
  };
}

/**
 * Every process of the running site, in start order. Each has a readiness URL so
 * the next one starts only when what it needs answers.
 */
export function siteServices(env = process.env) {
  const ports = portsFrom(env);
  const remoteBase = (port) => `http://localhost:${port}`;
  return [
    {
      name: 'rtdb',
      cwd: path.join(root, 'shop-api'),
      // Local Realtime Database (docs/decisions.md#live-feed-through-an-outbox): firebase-server with the
      // project's rules (shop-api/firebase/database.rules.json); the secret lets firebase-admin write.
      command: [process.execPath, bin('shop-api', 'tsx/dist/cli.mjs'), 'src/feed/local-feed-database-main.ts'],
      env: { RTDB_PORT: String(ports.rtdb) },
      readyPort: ports.rtdb,
      port: ports.rtdb,
      portEnv: 'RTDB_PORT',
    },
    {
      name: 'api',
      cwd: path.join(root, 'shop-api'),
      command: [process.execPath, bin('shop-api', 'tsx/dist/cli.mjs'), 'src/main.ts'],
      env: {
        API_PORT: String(ports.api),
        PG_PORT: String(ports.postgres),
        RTDB_PORT: String(ports.rtdb),
        // Links in emails (password reset) point at the shop the customer uses.
        SITE_URL: env.SITE_URL ?? `http://localhost:${ports.shell}`,
        // The local site is the demo shop: competitions and the README's demo accounts.
        SEED_DEMO_DATA: env.SEED_DEMO_DATA ?? 'true',
      },
      ready: `http://127.0.0.1:${ports.api}/?rest_route=/api/v1/getsettings`,
      port: ports.api,
      portEnv: 'API_PORT',
      readyTimeoutMs: 120_000,
    },
    remote('catalogue', 'remote-catalogue', ports.catalogue, 'CATALOGUE_PORT'),
    remote('cart-checkout', 'remote-cart-checkout', ports.cartCheckout, 'CART_CHECKOUT_PORT'),
    remote('account', 'remote-account', ports.account, 'ACCOUNT_PORT'),
    remote('backoffice', 'remote-backoffice', ports.backoffice, 'BACKOFFICE_PORT'),
    {
      name: 'shell',
      cwd: path.join(root, 'shell'),
      // tsx: the server reads the shop's rules and routes from TypeScript (contracts, route table).
      command: [process.execPath, bin('shell', 'tsx/dist/cli.mjs'), 'server/index.mjs'],
      env: {
        SHELL_PORT: String(ports.shell),
        // Canonical and link-preview URLs in page heads and the sitemap.
        SITE_URL: env.SITE_URL ?? `http://localhost:${ports.shell}`,
        // The pop-up's Realtime Database address comes from the shell's runtime config.
        RTDB_PORT: String(ports.rtdb),
        API_URL: `http://127.0.0.1:${ports.api}`,
        CATALOGUE_URL: env.CATALOGUE_URL ?? remoteBase(ports.catalogue),
        CART_CHECKOUT_URL: env.CART_CHECKOUT_URL ?? remoteBase(ports.cartCheckout),
        ACCOUNT_URL: env.ACCOUNT_URL ?? remoteBase(ports.account),
        BACKOFFICE_URL: env.BACKOFFICE_URL ?? remoteBase(ports.backoffice),
      },
      ready: `http://127.0.0.1:${ports.shell}/`,
      port: ports.shell,
      portEnv: 'SHELL_PORT',
    },
  ];
}
