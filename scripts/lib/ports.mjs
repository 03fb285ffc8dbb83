/** Default ports (docs/decisions.md#ports-and-scripts), each overridable by its environment variable. */
export function portsFrom(env = process.env) {
  const n = (name, fallback) => Number(env[name] ?? fallback);
  return {
    shell: n('SHELL_PORT', 3000),
    catalogue: n('CATALOGUE_PORT', 3001),
    cartCheckout: n('CART_CHECKOUT_PORT', 3002),
    account: n('ACCOUNT_PORT', 3003),
    backoffice: n('BACKOFFICE_PORT', 3004),
    api: n('API_PORT', 8080),
    rtdb: n('RTDB_PORT', 9000),
    postgres: n('PG_PORT', 5433),
  };
}
