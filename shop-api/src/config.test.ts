import { describe, expect, it } from 'vitest';
import { productionRefusals, readConfig } from './config.ts';

describe('configuration', () => {
  it('runs the local demo by default: the demo gateway, no demo data unless asked', () => {
    const config = readConfig({});
    expect(config).toMatchObject({ production: false, paymentGateway: 'demo', seedDemoData: false, ageVerifier: 'none' });
    expect(readConfig({ SEED_DEMO_DATA: 'true' }).seedDemoData).toBe(true);
    expect(productionRefusals(config)).toEqual([]);
  });

  it('refuses production with the demo card gateway or demo data, saying why', () => {
    const refusals = productionRefusals(readConfig({ NODE_ENV: 'production', SEED_DEMO_DATA: 'true' }));
    expect(refusals).toHaveLength(2);
    expect(refusals[0]).toMatch(/demo card gateway/);
    expect(refusals[1]).toMatch(/SEED_DEMO_DATA/);
  });

  it('takes cards through Stripe when both Stripe keys are set, and never puts a key in an error', () => {
    const keys = { STRIPE_SECRET_KEY: 'sk_test_51Secret', STRIPE_WEBHOOK_SECRET: 'whsec_Secret', STRIPE_PUBLISHABLE_KEY: 'pk_test_51Public' };
    const config = readConfig(keys);
    expect(config).toMatchObject({ paymentGateway: 'stripe', stripe: { secretKey: 'sk_test_51Secret', webhookSecret: 'whsec_Secret', publishableKey: 'pk_test_51Public' } });
    expect(productionRefusals({ ...config, production: true })).toEqual([]);
    const refused = (env: Record<string, string>) => {
      try {
        readConfig(env);
      } catch (err) {
        expect((err as Error).message).not.toMatch(/Secret|Public/);
        return (err as Error).message;
      }
      return 'accepted';
    };
    expect(refused({ STRIPE_SECRET_KEY: keys.STRIPE_SECRET_KEY })).toMatch(/set both STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET/);
    expect(refused({ ...keys, STRIPE_PUBLISHABLE_KEY: '' })).toMatch(/STRIPE_PUBLISHABLE_KEY must be set/);
    expect(refused({ ...keys, STRIPE_SECRET_KEY: 'pk_test_51Secret' })).toMatch(/STRIPE_SECRET_KEY must be a Stripe secret key/);
    expect(refused({ ...keys, PAYMENT_GATEWAY: 'demo' })).toMatch(/PAYMENT_GATEWAY=demo, but Stripe keys are set/);
    expect(refused({ PAYMENT_GATEWAY: 'stripe' })).toMatch(/PAYMENT_GATEWAY=stripe needs/);
  });

  it('names a bad value instead of guessing', () => {
    expect(() => readConfig({ SEED_DEMO_DATA: 'yes' })).toThrow('SEED_DEMO_DATA must be true or false, got yes');
    expect(() => readConfig({ PAYMENT_GATEWAY: 'paypal' })).toThrow('PAYMENT_GATEWAY must be demo or stripe');
    expect(() => readConfig({ AGE_VERIFIER: 'acme-id' })).toThrow('AGE_VERIFIER must be none (no identity provider adapter exists yet), got acme-id');
  });

  it('trusts no proxy beyond the shell unless TRUST_PROXY lists addresses or ranges; a hop count is refused', () => {
    expect(readConfig({}).trustProxy).toBeUndefined();
    expect(readConfig({ TRUST_PROXY: '10.0.0.0/8, 192.0.2.7,fd00::/8,uniquelocal' }).trustProxy).toEqual(['10.0.0.0/8', '192.0.2.7', 'fd00::/8', 'uniquelocal']);
    expect(() => readConfig({ TRUST_PROXY: '2' })).toThrow(/TRUST_PROXY must be .*: a hop count or true would let a visitor/);
    expect(() => readConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY must be/);
    expect(() => readConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow('got 10.0.0.0/33');
  });

  it('takes a METRICS_TOKEN only if it is long enough, without repeating it', () => {
    expect(readConfig({}).metricsToken).toBeUndefined();
    expect(readConfig({ METRICS_TOKEN: 'a-long-enough-token-1' }).metricsToken).toBe('a-long-enough-token-1');
    expect(() => readConfig({ METRICS_TOKEN: 'short-secret' })).toThrow(/^METRICS_TOKEN must be at least 16 printable characters without spaces$/);
  });
});

describe('the API process in production', () => {
  it('exits at once with the reason when the demo gateway would take payments', async () => {
    const { spawnSync } = await import('node:child_process');
    const run = spawnSync(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'src/main.ts'], {
      cwd: new URL('..', import.meta.url).pathname,
      env: { ...process.env, NODE_ENV: 'production', API_PORT: '1', DATABASE_URL: 'postgres://never-opened@127.0.0.1:1/none' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('refusing to start in production (NODE_ENV=production): the demo card gateway');
  });
});
