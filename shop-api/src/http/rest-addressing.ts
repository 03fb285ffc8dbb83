/** The path prefix every API route is registered under; `/?rest_route=/x` is rewritten onto it. */
export const API_PREFIX = '/wp-json';

/**
 * WordPress answers one REST route at two addresses, `/?rest_route=/api/v1/x&a=b` and
 * `/wp-json/api/v1/x?a=b`, matching it case-insensitively. Fastify's router knows only
 * paths, so every request URL is rewritten before routing: the `rest_route` form onto the
 * `/wp-json` path (the rest of its query string kept byte for byte, so the bad-string
 * guard still sees what the client sent), and any casing onto the declared route's.
 * `canonical` maps a lower-cased path to the registered one; it is filled as routes are
 * registered. Anything else is returned unchanged.
 */
export function rewriteRestUrl(url: string, canonical: ReadonlyMap<string, string>): string {
  const q = url.indexOf('?');
  let path = q === -1 ? url : url.slice(0, q);
  let query = q === -1 ? '' : url.slice(q + 1);
  // A path whose escapes do not decode (`%ZZ`, a cut UTF-8 sequence) names no route. Its `%`s are
  // escaped so the router gives the shop's own 404, with every header; left alone, Fastify answers
  // a bare 400 of its own before any hook runs.
  if (path.includes('%') && !decodes(path)) {
    path = path.replace(/%/g, '%25');
    url = q === -1 ? path : `${path}?${query}`;
  }
  if (path === '/' && query !== '') {
    const parts = query.split('&');
    const at = parts.findIndex((p) => p.startsWith('rest_route='));
    if (at === -1) return url;
    let route: string;
    try {
      route = decodeURIComponent(parts[at]!.slice('rest_route='.length).replace(/\+/g, ' '));
    } catch {
      // Malformed percent-encoding: left for the bad-string guard to refuse.
      return url;
    }
    // Only a plain path: no second query string, fragment or control character inside the
    // value (a NUL is left in place for the bad-string guard to name `rest_route`).
    // eslint-disable-next-line no-control-regex -- matching them is the point
    if (!route.startsWith('/') || /[?#\s\u0000-\u001f\u007f]/.test(route)) return url;
    parts.splice(at, 1);
    path = `${API_PREFIX}${route}`;
    query = parts.join('&');
  } else if (!path.toLowerCase().startsWith(`${API_PREFIX}/`)) {
    return url;
  }
  const key = path.toLowerCase().replace(/\/+$/, '');
  const routed = canonical.get(key) ?? path;
  return query === '' ? routed : `${routed}?${query}`;
}

function decodes(path: string): boolean {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}
