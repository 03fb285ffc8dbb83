import sirv from 'sirv';

/** Hashed build files (`assets/main.1a2b3c4d5e.js`) never change: cache them for a year. */
const hashedAsset = /\.[0-9a-f]{8,}\.(?:js|css|mjs|svg|png|jpg|webp|woff2?)$/;

export function cacheControlFor(pathname) {
  if (hashedAsset.test(pathname)) return 'public, max-age=31536000, immutable';
  // index.html (also served for every app route) and unhashed files: always revalidate,
  // so a new release is picked up on the next load.
  return 'no-cache';
}

/**
 * The shell build with SPA fallback: a path without a file extension that matches
 * no file gets index.html (the router decides); a missing asset gets a real 404.
 * Precompressed .br/.gz files written at build time are sent when accepted.
 */
export function staticFiles(distDir) {
  return sirv(distDir, {
    single: true,
    etag: true,
    gzip: true,
    brotli: true,
    setHeaders: (res, pathname) => res.setHeader('Cache-Control', cacheControlFor(pathname)),
  });
}
