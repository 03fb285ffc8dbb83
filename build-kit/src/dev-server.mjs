import { devApiProxy } from './dev-api-proxy.mjs';

/**
 * The dev server every front end runs: its port, SPA fallback for deep links, CORS (the shell on
 * another port loads remotes' files, and may run against dev remotes), and the API forwarded on the
 * page's own origin.
 * @param {object} options
 * @param {number} options.port
 * @param {string} [options.host] default 'localhost' (what the shell's remote URLs default to)
 * @param {boolean} [options.hot] hot module replacement, default true
 * @param {Array<{ name: string, middleware: Function }>} [options.middlewares] run after the API proxy, before the dev server's own
 * @returns {import('@rspack/core').DevServer}
 */
export function devServer({ port, host = 'localhost', hot = true, middlewares = [] }) {
  return {
    port,
    host,
    hot,
    historyApiFallback: true,
    headers: {
      'Access-Control-Allow-Origin': '*',
      'Access-Control-Allow-Headers': '*',
      'Access-Control-Allow-Methods': 'GET, OPTIONS',
    },
    setupMiddlewares: (existing) => {
      existing.unshift(devApiProxy(), ...middlewares);
      return existing;
    },
  };
}
