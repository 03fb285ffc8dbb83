import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { WpHttpError } from './wp-error.ts';
import { isRaster, parseVariantQuery, variantContentType, variantTag, type ImageVariants } from './image-variants.ts';

/** Only images are served; anything else under the folder stays private. */
const contentTypes: Record<string, string> = {
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
};

const notFound = (): WpHttpError => new WpHttpError(404, 'rest_file_not_found', 'File not found.');

/** Resolves a request path inside root, or null when it would escape it. */
export function safeJoin(root: string, requested: string): string | null {
  if (requested.includes('\0')) return null;
  const resolved = path.resolve(root, `.${path.posix.sep}${requested}`);
  return resolved.startsWith(root + path.sep) ? resolved : null;
}

/**
 * Serves `/wp-content/uploads/...` from a folder. Small, hand-written: the folder is ours.
 * Names are not content-hashed, so caches revalidate after a day using the ETag.
 *
 * A raster image (jpg, png, webp, avif) can be asked for at a listed width and/or as WebP or
 * AVIF: `?w=640&format=avif` (image-variants.ts; made once, then served from the disk cache).
 * SVG and GIF ignore the query. `at` serves another folder under another path (the back
 * office's uploads: `/wp-content/uploads/staff/`), its variants cached under `at.key`.
 */
export function registerUploads(app: FastifyInstance, root: string, variants: ImageVariants, at = { url: '/wp-content/uploads/', key: '' }): void {
  const base = path.resolve(root);
  app.route({
    method: ['GET', 'HEAD'],
    url: `${at.url}*`,
    exposeHeadRoute: false,
    handler: async (request, reply) => {
      const file = safeJoin(base, (request.params as { '*': string })['*']);
      const type = file ? contentTypes[path.extname(file).toLowerCase()] : undefined;
      if (!file || !type) throw notFound();
      const want = isRaster(file) ? parseVariantQuery(request.query) : null;
      const info = await stat(file).catch(() => null);
      if (!info?.isFile()) throw notFound();
      const etag = `W/"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}${want ? `-${variantTag(want)}` : ''}"`;
      const notModified = request.headers['if-none-match'] === etag;
      // The variant is made (or found) before any header is set, so a failure answers a plain error.
      const body =
        want && !notModified
          ? await variants.get({ file, key: at.key + path.relative(base, file).split(path.sep).join('/'), size: info.size, mtimeMs: info.mtimeMs }, want)
          : { file, size: info.size };
      reply
        .header('Content-Type', want ? variantContentType(file, want) : type)
        .header('Cache-Control', 'public, max-age=86400')
        .header('ETag', etag)
        .header('Last-Modified', info.mtime.toUTCString())
        .header('X-Content-Type-Options', 'nosniff');
      // An SVG opened directly must not run script on our origin.
      if (type === 'image/svg+xml') reply.header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'");
      if (notModified) return reply.code(304).send();
      reply.header('Content-Length', body.size);
      if (request.method === 'HEAD') return reply.send();
      return reply.send(createReadStream(body.file));
    },
  });
}
