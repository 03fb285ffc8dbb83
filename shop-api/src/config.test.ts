import { describe, expect, it } from 'vitest';
import { productionRefusals, readConfig } from './config.ts';

describe('configuration', () => {
  it('runs the local demo by default: the demo gateway, no demo data unless asked', () => {
    const config = readConfig({});
    expect(config).toMatchObject({ production: false, paymentGateway: 'demo', seedDemoData: false, ageVerifier: 'none' });
    expect(readConfig({ SEED_DEMO_DATA: 'true' }).seedDemoData).toBe(true);
    expect(productionRefusals(config)).toEqual([]);
  });

  it('refuses production with the demo card gateway, demo data or no data key, saying why', () => {
    const refusals = productionRefusals(readConfig({ NODE_ENV: 'production', SEED_DEMO_DATA: 'true' }));
    expect(refusals).toHaveLength(3);
    expect(refusals[0]).toMatch(/demo card gateway/);
    expect(refusals[1]).toMatch(/SEED_DEMO_DATA/);
    expect(refusals[2]).toMatch(/^DATA_ENCRYPTION_KEY is not set, so a key would be made and kept beside the data it protects/);
    const key = 'ab'.repeat(32);
    expect(productionRefusals(readConfig({ NODE_ENV: 'production', DATA_ENCRYPTION_KEY: key }))).toEqual([refusals[0]]);
    // The local demo makes its own key file, as before.
    expect(productionRefusals(readConfig({}))).toEqual([]);
  });

  it('takes cards through Stripe when both Stripe keys are set, and never puts a key in an error', () => {
    const keys = { STRIPE_SECRET_KEY: 'sk_test_51Secret', STRIPE_WEBHOOK_SECRET: 'whsec_Secret', STRIPE_PUBLISHABLE_KEY: 'pk_test_51Public' };
    const config = readConfig(keys);
    expect(config).toMatchObject({ paymentGateway: 'stripe', stripe: { secretKey: 'sk_test_51Secret', webhookSecret: 'whsec_Secret', publishableKey: 'pk_test_51Public' } });
    expect(productionRefusals({ ...config, production: true, dataEncryptionKey: 'ab'.repeat(32) })).toEqual([]);
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
    expect(refused({ ...keys, STRIPE_SECRET_KEY: 'sk_live_51Secret' })).toBe('STRIPE_SECRET_KEY is a live key but STRIPE_PUBLISHABLE_KEY a test one: use the two keys of one mode');
    expect(readConfig({ ...keys, STRIPE_SECRET_KEY: 'rk_live_51Secret', STRIPE_PUBLISHABLE_KEY: 'pk_live_51Public' }).paymentGateway).toBe('stripe');
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
    // One JSON log line per reason, through the API's logger, at level fatal (60).
    const lines = run.stdout.trim().split('\n').map((l) => JSON.parse(l) as { level: number; msg: string });
    expect(lines).toContainEqual(expect.objectContaining({ level: 60, msg: expect.stringContaining('refusing to start in production (NODE_ENV=production): the demo card gateway') }));
  });

  it('the CLI refuses the same, before it opens (or seeds) any database', async () => {
    const { spawnSync } = await import('node:child_process');
    const run = spawnSync(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'src/cli/main.ts', 'outbox'], {
      cwd: new URL('..', import.meta.url).pathname,
      env: { ...process.env, NODE_ENV: 'production', SEED_DEMO_DATA: 'true', DATA_ENCRYPTION_KEY: '', DATABASE_URL: 'postgres://never-opened@127.0.0.1:1/none' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('refusing to run in production (NODE_ENV=production): the demo card gateway');
    expect(run.stderr).toContain('refusing to run in production (NODE_ENV=production): SEED_DEMO_DATA=true');
    expect(run.stderr).toContain('refusing to run in production (NODE_ENV=production): DATA_ENCRYPTION_KEY is not set');
    expect(run.stdout).toBe('');
  });

  it('exits naming the variable when a value is bad, before anything starts', async () => {
    const { spawnSync } = await import('node:child_process');
    const run = spawnSync(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'src/main.ts'], {
      cwd: new URL('..', import.meta.url).pathname,
      env: { ...process.env, DRAW_INTERVAL_MS: 'soon', API_PORT: '1', DATABASE_URL: 'postgres://never-opened@127.0.0.1:1/none' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(run.status).toBe(1);
    expect(JSON.parse(run.stderr.trim())).toMatchObject({ level: 60, msg: 'configuration: DRAW_INTERVAL_MS must be whole milliseconds from 10 to 86400000, got soon' });
  });
});

describe('every setting in one object (issue 18)', () => {
  it('has one default for each, SITE_URL included', () => {
    expect(readConfig({})).toMatchObject({
      siteUrl: 'http://localhost:3000',
      logLevel: 'info',
      requestLog: false,
      mailFrom: 'CGG Competitions <no-reply@cggcompetitions.co.uk>',
      contactEmail: 'support@cggcompetitions.co.uk',
      storeSecret: undefined,
      drawScheduler: true,
      drawIntervalMs: 15_000,
      harmSweepIntervalMs: 15 * 60_000,
      feed: { mode: 'off', path: 'instant_wins' },
    });
    // The shell's own port moves the default, as the shell's own SITE_URL default does.
    expect(readConfig({ SHELL_PORT: '3800' }).siteUrl).toBe('http://localhost:3800');
    expect(readConfig({ SITE_URL: 'https://shop.example/' }).siteUrl).toBe('https://shop.example');
  });

  it('reads each variable it owns', () => {
    const config = readConfig({
      API_LOG_LEVEL: 'warn', API_REQUEST_LOG: 'true', MAIL_FROM: 'Shop <shop@example.com>', CONTACT_EMAIL: 'help@example.com',
      STORE_SECRET: 's'.repeat(32), DATA_ENCRYPTION_KEY: 'k', DRAW_SCHEDULER: 'off', DRAW_INTERVAL_MS: '500', HARM_SWEEP_INTERVAL_MS: '60000',
      RTDB_PORT: '9100', SMTP_URL: 'smtp://mail.example.com:587', DATABASE_URL: 'postgres://u:p@db:5432/cgg',
    });
    expect(config).toMatchObject({
      logLevel: 'warn', requestLog: true, mailFrom: 'Shop <shop@example.com>', contactEmail: 'help@example.com', storeSecret: 's'.repeat(32),
      dataEncryptionKey: 'k', drawScheduler: false, drawIntervalMs: 500, harmSweepIntervalMs: 60_000, smtpUrl: 'smtp://mail.example.com:587',
      databaseUrl: 'postgres://u:p@db:5432/cgg', feed: { mode: 'emulator', host: '127.0.0.1:9100' },
    });
  });

  it('refuses a bad value with an error naming the variable', () => {
    const refusals: Array<[Record<string, string>, RegExp]> = [
      [{ API_LOG_LEVEL: 'loud' }, /^API_LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got loud$/],
      [{ API_REQUEST_LOG: 'yes' }, /^API_REQUEST_LOG must be true or false/],
      [{ API_PORT: '70000' }, /^API_PORT must be a port number/],
      [{ SITE_URL: 'shop.example' }, /^SITE_URL must be a URL, got shop.example$/],
      [{ SITE_URL: 'ftp://shop.example' }, /^SITE_URL must start with http:\/\/ or https:\/\//],
      [{ SMTP_URL: 'mail.example.com' }, /^SMTP_URL must be a URL/],
      [{ DATABASE_URL: 'mysql://db/cgg' }, /^DATABASE_URL must start with postgres:\/\/ or postgresql:\/\//],
      [{ CONTACT_EMAIL: 'support' }, /^CONTACT_EMAIL must be an email address, got support$/],
      [{ STORE_SECRET: 'short' }, /^STORE_SECRET must be at least 32 characters \(it has 5\)$/],
      [{ DRAW_SCHEDULER: 'no' }, /^DRAW_SCHEDULER must be on or off, got no$/],
      [{ DRAW_INTERVAL_MS: '-1' }, /^DRAW_INTERVAL_MS must be whole milliseconds/],
      [{ HARM_SWEEP_INTERVAL_MS: '1.5' }, /^HARM_SWEEP_INTERVAL_MS must be whole milliseconds/],
      [{ RTDB_PORT: 'x' }, /RTDB_PORT/],
      [{ INSTANT_WIN_FEED_PATH: 'a b' }, /^INSTANT_WIN_FEED_PATH/],
    ];
    for (const [env, message] of refusals) expect(() => readConfig(env), JSON.stringify(env)).toThrow(message);
  });

  it('never repeats a secret or a password in its error', () => {
    expect(() => readConfig({ STORE_SECRET: 'hunter2-secret' })).toThrow(expect.objectContaining({ message: expect.not.stringContaining('hunter2') }));
    expect(() => readConfig({ DATABASE_URL: 'mysql://u:pa55word@db/cgg' })).toThrow(expect.objectContaining({ message: expect.not.stringContaining('pa55word') }));
  });
});
