// Starts the whole site exactly as `npm start` does, on a fresh e2e database.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const offset = Number(process.env.E2E_PORT_OFFSET ?? 0);

// The site under test is always the e2e one: its own embedded PostgreSQL (the port the
// e2e SQL helper talks to), emails in its outbox, remotes on the e2e ports, the offline demo
// payment provider and the demo data. A developer's settings for their own site must not leak
// in and send tests (or their writes, or card payments) elsewhere.
const foreign = ['DATABASE_URL', 'SMTP_URL', 'SITE_URL', 'API_URL', 'API_HOST', 'CATALOGUE_URL', 'CART_CHECKOUT_URL', 'ACCOUNT_URL', 'BACKOFFICE_URL',
  'RTDB_SECRET', 'RTDB_URL', 'RTDB_NAMESPACE', 'RTDB_PUBLIC_HOST', 'FIREBASE_DATABASE_URL', 'FIREBASE_DATABASE_EMULATOR_HOST', 'FIREBASE_SERVICE_ACCOUNT', 'INSTANT_WIN_FEED', 'INSTANT_WIN_FEED_PATH', 'DRAW_INTERVAL_MS',
  'STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_PUBLISHABLE_KEY', 'PAYMENT_GATEWAY', 'NODE_ENV', 'SEED_DEMO_DATA'];
for (const name of foreign) {
  delete process.env[name];
}
// Test data must not depend on the clock: the seed's "draws today" competition is drawn
// minutes after start near midnight, so the scheduler would change data mid-run. Draws
// the tests need are made at seed time; the scheduler has its own tests in shop-api.
process.env.DRAW_SCHEDULER = 'off';

process.env.DATA_DIR = path.join(root, '.data', offset ? `e2e-${offset}` : 'e2e');
rmSync(process.env.DATA_DIR, { recursive: true, force: true });
await import('../../scripts/start.mjs');
