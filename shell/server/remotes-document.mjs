/**
 * The runtime document (GET /remotes.json): where each remote's federation manifest
 * lives, from the environment, so one shell build serves every environment and a
 * team redeploys its remote without rebuilding the shell.
 *
 * CATALOGUE_URL, CART_CHECKOUT_URL, ACCOUNT_URL and BACKOFFICE_URL hold the remote's BASE URL
 * (e.g. http://localhost:3001); `/mf-manifest.json` is appended. A value that already
 * ends in `.json` (a manifest at another path) is used as it is.
 */
export const remoteEnv = [
  { name: 'catalogue', env: 'CATALOGUE_URL', fallback: 'http://localhost:3001' },
  { name: 'cartCheckout', env: 'CART_CHECKOUT_URL', fallback: 'http://localhost:3002' },
  { name: 'account', env: 'ACCOUNT_URL', fallback: 'http://localhost:3003' },
  { name: 'backoffice', env: 'BACKOFFICE_URL', fallback: 'http://localhost:3004' },
];

export function manifestUrl(value) {
  const trimmed = value.trim();
  if (/\.json(?:[?#].*)?$/.test(trimmed)) return trimmed;
  return `${trimmed.replace(/\/+$/, '')}/mf-manifest.json`;
}

/** @returns {{ remotes: { name: string, entry: string }[] }} */
export function remotesDocument(env = process.env) {
  return {
    remotes: remoteEnv.map(({ name, env: key, fallback }) => ({ name, entry: manifestUrl(env[key] || fallback) })),
  };
}
