import { buildFiles } from '@cgg/build-kit/build-files';

/**
 * The shell build with SPA fallback: a path without a file extension that matches
 * no file gets index.html (the router decides); a missing asset gets a real 404.
 * Hashed files are cached a year, the rest revalidated; precompressed copies are sent when accepted.
 */
export function staticFiles(distDir) {
  return buildFiles(distDir, { single: true });
}
