// HAProxy in front of several API instances (`npm run start:cluster`, the cluster bench and
// fault tests): the configuration, written at start into .cache/, and the check that it parses.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Debian's package; HAPROXY_BIN points elsewhere. */
export const haproxyBin = (env = process.env) => env.HAPROXY_BIN ?? '/usr/sbin/haproxy';

/**
 * How fast HAProxy notices an instance: health checks every `checkIntervalMs`, `fall` failures
 * in a row mark it down (so a draining instance is out of rotation within checkIntervalMs x fall,
 * plus one check's time), `rise` successes bring it back.
 */
export const HEALTH_CHECK = { checkIntervalMs: 500, fall: 2, rise: 2 };

/** An API instance's drain pause that covers the balancer's detection with room to spare. */
export const drainDelayFor = (check = HEALTH_CHECK) => check.checkIntervalMs * (check.fall + 1) + 500;

/** What HAProxy's own 502/503/504 tell the client to wait, as the API's own 503 does. */
export const RETRY_AFTER_SECONDS = 5;

/** The WordPress error body (the contracts' ApiError reads code, message and data) for HAProxy's own answers. */
function upstreamError(status) {
  return JSON.stringify({
    code: 'rest_upstream_unavailable',
    message: 'The shop is busy for a moment. Please try again in a few seconds.',
    data: { status, retry_after: RETRY_AFTER_SECONDS },
  });
}

/**
 * The configuration: one frontend on `bind` (host:port), one backend of `servers`
 * ({name, address: 'host:port'}), health-checked on GET /readyz (200 = send traffic; 503 while
 * draining, without its database or its migrations). A request whose connection to an instance
 * fails (the instance just died, before a check noticed) is retried once on another instance
 * (`retry-on conn-failure` + `option redispatch`): the request never reached the dead one, so
 * a retry cannot do anything twice. A request already sent to an instance that then dies is not
 * retried here (a POST may have been applied); its client gets 502/503 and retries itself, with
 * the same Idempotency-Key for a checkout.
 */
export function haproxyConfig({ bind, servers, check = HEALTH_CHECK, timeoutServerMs = 30_000 }) {
  const lines = [
    '# Written by scripts/lib/haproxy.mjs at start: edit that file, not this one.',
    'global',
    '  maxconn 4096',
    '',
    'defaults',
    '  mode http',
    '  timeout connect 2s',
    '  timeout client 60s',
    `  timeout server ${timeoutServerMs}ms`,
    '  timeout http-keep-alive 10s',
    '  timeout check 2s',
    '  retries 1',
    '  retry-on conn-failure',
    '  option redispatch 1',
    // HAProxy's own errors in the API's error shape with a retry hint, as the API's 503s carry
    // (database-unavailable.ts): no instance ready (all draining, or the database down), an
    // instance that died under the request (502), or one too slow (504): the client may retry.
    ...[502, 503, 504].map((status) => `  http-error status ${status} content-type application/json hdr Retry-After ${RETRY_AFTER_SECONDS} string '${upstreamError(status)}'`),
    '',
    'frontend api',
    `  bind ${bind}`,
    // The API trusts loopback hops (client-address.ts): it skips this entry and the shell's.
    '  option forwardfor',
    '  default_backend api',
    '',
    'backend api',
    '  balance leastconn',
    '  option httpchk',
    '  http-check send meth GET uri /readyz',
    '  http-check expect status 200',
    `  default-server check inter ${check.checkIntervalMs}ms fall ${check.fall} rise ${check.rise}`,
    ...servers.map((s) => `  server ${s.name} ${s.address}`),
    '',
  ];
  return lines.join('\n');
}

/** Writes the configuration to `file` (its folder made) and returns the path. */
export function writeHaproxyConfig(file, options) {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, haproxyConfig(options));
  return file;
}

/** `haproxy -c -f file`: whether HAProxy accepts the configuration, and what it said. */
export function checkHaproxyConfig(file, env = process.env) {
  const run = spawnSync(haproxyBin(env), ['-c', '-f', file], { encoding: 'utf8' });
  return { ok: run.status === 0, output: `${run.stdout ?? ''}${run.stderr ?? ''}`.trim() };
}

/**
 * `npm test` (the fault suite) and `npm run start:cluster` need HAProxy: Debian's package is
 * installed (apt-get, as chromium is for the e2e suites) when it is missing and HAPROXY_BIN is unset.
 */
export function ensureHaproxy(env = process.env) {
  const bin = haproxyBin(env);
  if (existsSync(bin)) return bin;
  if (env.HAPROXY_BIN) throw new Error(`HAPROXY_BIN=${bin} does not exist`);
  console.log('[setup] installing Debian haproxy (apt-get)');
  const asRoot = process.getuid?.() === 0;
  const run = (args) => spawnSync(asRoot ? args[0] : 'sudo', asRoot ? args.slice(1) : args, { stdio: 'inherit', env: { ...env, DEBIAN_FRONTEND: 'noninteractive' } });
  run(['apt-get', 'update', '-qq']);
  const r = run(['apt-get', 'install', '-y', '-qq', 'haproxy']);
  if (r.status !== 0 || !existsSync(bin)) throw new Error('could not install haproxy with apt-get (or set HAPROXY_BIN)');
  return bin;
}
