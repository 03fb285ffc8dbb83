import sirv from 'sirv';

/**
 * Serving a front end's build (the shell's server and every remote's): the cache rule follows
 * the file names output-names.mjs gives. A hashed file (`assets/main.1a2b3c4d5e.js`,
 * `__federation_expose_HomePage.1952dce844.js`) never changes, so browsers keep it a year; an
 * unhashed one (index.html, remoteEntry.js, mf-manifest.json) is revalidated on every use, so a
 * new release is picked up at once.
 */
const hashedAsset = /\.[0-9a-f]{8,}\.(?:js|css|mjs|svg|png|jpg|webp|avif|woff2?)$/;

export function cacheControlFor(pathname) {
  return hashedAsset.test(pathname) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

/**
 * A request handler for a build folder: the cache rule above, ETags, and the .br/.gz copies the
 * build wrote (precompress-plugin.mjs) sent to browsers that accept them. `cors`: a remote's
 * files are loaded by the shell's pages on another origin. `single`: unknown paths without an
 * extension get index.html (a single-page app).
 * @param {string} dir
 * @param {{ cors?: boolean, single?: boolean }} [options]
 */
export function buildFiles(dir, { cors = false, single = false } = {}) {
  return sirv(dir, {
    single,
    etag: true,
    gzip: true,
    brotli: true,
    setHeaders: (res, pathname) => {
      res.setHeader('Cache-Control', cacheControlFor(pathname));
      if (cors) res.setHeader('Access-Control-Allow-Origin', '*');
    },
  });
}
