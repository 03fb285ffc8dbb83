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

  it('names a bad value instead of guessing', () => {
    expect(() => readConfig({ SEED_DEMO_DATA: 'yes' })).toThrow('SEED_DEMO_DATA must be true or false, got yes');
    expect(() => readConfig({ PAYMENT_GATEWAY: 'paypal' })).toThrow(/PAYMENT_GATEWAY must be demo/);
    expect(() => readConfig({ AGE_VERIFIER: 'acme-id' })).toThrow('AGE_VERIFIER must be none (no identity provider adapter exists yet), got acme-id');
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
