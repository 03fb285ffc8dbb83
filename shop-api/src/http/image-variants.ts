import { createHash, randomBytes } from 'node:crypto';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { IMAGE_VARIANT_FORMATS, IMAGE_VARIANT_WIDTHS, type ImageVariantFormat, type ImageVariantWidth } from '@cgg/contracts';
import sharp from 'sharp';
import { WpHttpError } from './wp-error.ts';

/**
 * Resized / re-encoded copies of the uploaded prize photos (`?w=640&format=avif`), made with sharp
 * (libvips) and kept on disk. Only listed widths and formats exist, so the cache stays bounded:
 * at most widths × formats files per source version. The widths and formats are the contracts'
 * (rules/image-variants.ts), which the catalogue's srcset and the shell's preloads also use.
 */
export const VARIANT_WIDTHS = IMAGE_VARIANT_WIDTHS;
export const VARIANT_FORMATS = IMAGE_VARIANT_FORMATS;

export type VariantWidth = ImageVariantWidth;
export type VariantFormat = ImageVariantFormat;
type OutputFormat = VariantFormat | 'jpeg' | 'png';

/** A requested variant: a width (null: the original's) and a format (null: the original's). */
export interface VariantRequest {
  width: VariantWidth | null;
  format: VariantFormat | null;
}

/** Raster types sharp reads; SVG and GIF are served as they are and ignore the query. */
const rasterFormats: Record<string, OutputFormat> = { '.jpg': 'jpeg', '.jpeg': 'jpeg', '.png': 'png', '.webp': 'webp', '.avif': 'avif' };
const outputTypes: Record<OutputFormat, { type: string; ext: string }> = {
  webp: { type: 'image/webp', ext: 'webp' },
  avif: { type: 'image/avif', ext: 'avif' },
  jpeg: { type: 'image/jpeg', ext: 'jpg' },
  png: { type: 'image/png', ext: 'png' },
};

export const isRaster = (file: string): boolean => path.extname(file).toLowerCase() in rasterFormats;

const outputFormat = (file: string, want: VariantRequest): OutputFormat => want.format ?? rasterFormats[path.extname(file).toLowerCase()] ?? 'jpeg';

/** The Content-Type a variant of file is served with. */
export const variantContentType = (file: string, want: VariantRequest): string => outputTypes[outputFormat(file, want)].type;

/** A short tag naming the variant (for its ETag): `640-webp`, `o-avif`, `320-o`. */
export const variantTag = (want: VariantRequest): string => `${want.width ?? 'o'}-${want.format ?? 'o'}`;

const isWidth = (n: number): n is VariantWidth => (VARIANT_WIDTHS as readonly number[]).includes(n);
const isFormat = (s: string): s is VariantFormat => (VARIANT_FORMATS as readonly string[]).includes(s);

/**
 * Reads `w` and `format` from a request's query: null when neither is given (the original file),
 * otherwise the variant. Any other width or format answers a WordPress 400 naming what is allowed.
 */
export function parseVariantQuery(query: unknown): VariantRequest | null {
  const q = (query ?? {}) as Record<string, unknown>;
  if (q.w === undefined && q.format === undefined) return null;
  const params: Record<string, string> = {};
  let width: VariantWidth | null = null;
  let format: VariantFormat | null = null;
  if (q.w !== undefined) {
    const n = typeof q.w === 'string' && /^[1-9][0-9]{0,4}$/.test(q.w) ? Number(q.w) : NaN;
    if (isWidth(n)) width = n;
    else params.w = `w must be one of ${VARIANT_WIDTHS.join(', ')} (pixels).`;
  }
  if (q.format !== undefined) {
    if (typeof q.format === 'string' && isFormat(q.format)) format = q.format;
    else params.format = `format must be one of ${VARIANT_FORMATS.join(', ')}, or left out for the original format.`;
  }
  if (Object.keys(params).length > 0) {
    throw new WpHttpError(400, 'rest_invalid_param', `Invalid parameter(s): ${Object.keys(params).join(', ')}`, { params });
  }
  return { width, format };
}

/** The source image a variant is made from. `key` is its path inside the uploads folder. */
export interface VariantSource {
  file: string;
  key: string;
  size: number;
  mtimeMs: number;
}

/** A variant on disk, ready to stream. */
export interface Variant {
  file: string;
  size: number;
  contentType: string;
}

export interface ImageVariants {
  readonly cacheDir: string;
  /** How many variants this instance has encoded with sharp (a cache hit adds nothing). */
  readonly made: number;
  /** The variant's file, made once: from the disk cache when there, shared while being made. */
  get(source: VariantSource, want: VariantRequest): Promise<Variant>;
}

async function encode(file: string, want: VariantRequest, format: OutputFormat): Promise<Buffer> {
  // Upright as the camera meant it; metadata (EXIF, GPS) is dropped by default.
  let image = sharp(file).autoOrient();
  if (want.width) image = image.resize({ width: want.width, withoutEnlargement: true });
  switch (format) {
    case 'webp':
      return image.webp({ quality: 80 }).toBuffer();
    case 'avif':
      return image.avif({ quality: 55 }).toBuffer();
    case 'png':
      return image.png({ compressionLevel: 9 }).toBuffer();
    case 'jpeg':
      return image.jpeg({ quality: 82, mozjpeg: true }).toBuffer();
  }
}

/** Where the API keeps its variants: `<DATA_DIR>/image-variants` (config.ts names DATA_DIR). */
export const imageVariantsDir = (dataDir: string): string => path.join(dataDir, 'image-variants');

/**
 * Variants cached in cacheDir (under the API's DATA_DIR), one file per source version and
 * variant: the name hashes the source's path, mtime and size with the width and format, so an
 * edited upload gets fresh variants. Files are written to a temp name and renamed into place,
 * so a reader (or another instance sharing the folder) never sees half a file. The folder can
 * be deleted at any time; variants are made again on demand.
 */
export function createImageVariants(cacheDir: string): ImageVariants {
  const dir = path.resolve(cacheDir);
  const inFlight = new Map<string, Promise<Variant>>();
  let made = 0;

  async function makeOrFind(source: VariantSource, want: VariantRequest, file: string, format: OutputFormat): Promise<Variant> {
    const contentType = outputTypes[format].type;
    const cached = await stat(file).catch(() => null);
    if (cached?.isFile()) return { file, size: cached.size, contentType };
    made += 1;
    const data = await encode(source.file, want, format);
    await mkdir(dir, { recursive: true });
    const temp = `${file}.${process.pid}-${randomBytes(6).toString('hex')}.tmp`;
    try {
      await writeFile(temp, data);
      await rename(temp, file);
    } catch (err) {
      await rm(temp, { force: true });
      throw err;
    }
    return { file, size: data.length, contentType };
  }

  return {
    cacheDir: dir,
    get made() {
      return made;
    },
    get(source, want) {
      const format = outputFormat(source.file, want);
      const id = createHash('sha256')
        .update([source.key, source.mtimeMs, source.size, want.width ?? 'original', format].join('\n'))
        .digest('hex')
        .slice(0, 40);
      const file = path.join(dir, `${id}.${outputTypes[format].ext}`);
      const pending = inFlight.get(file);
      if (pending) return pending;
      const making = makeOrFind(source, want, file, format).finally(() => inFlight.delete(file));
      inFlight.set(file, making);
      return making;
    },
  };
}
