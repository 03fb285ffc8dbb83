import { createHash, randomBytes } from 'node:crypto';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { IMAGE_VARIANT_FORMATS, IMAGE_VARIANT_WIDTHS } from '@cgg/contracts';
import sharp, { type Metadata, type OutputInfo } from 'sharp';
import type { ImageVariants } from '../http/image-variants.ts';

/*
 * Prize photos uploaded from the back office. The file is checked by what it is (sharp reads
 * it; the name and the browser's type are not trusted), turned upright, cut to at most
 * 1600 px wide and saved as a JPEG without its metadata (a phone photo's GPS position must not
 * reach the shop). It is named by its content, so the same photo uploaded twice is one file.
 * Its responsive variants (every listed width, WebP and AVIF) are made at once, so the first
 * shopper to see it never waits for an encoder.
 */

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
export const MIN_UPLOAD_WIDTH = 640;
const MAX_STORED_WIDTH = 1600;
/** A decompression bomb (a small file of a huge picture) is refused before it is decoded. */
const MAX_INPUT_PIXELS = 40_000_000;
const ACCEPTED = new Set(['jpeg', 'png', 'webp', 'heif']);

/** Where uploads live: `<DATA_DIR>/uploads`, served at UPLOADS_URL_PREFIX. */
export const uploadsDir = (dataDir: string): string => path.join(dataDir, 'uploads');
export const UPLOADS_URL_PREFIX = '/wp-content/uploads/staff/';

export class ImageRefused extends Error {}

export interface StoredImage {
  url: string;
  width: number;
  height: number;
  bytes: number;
  variants: number;
}

/** Checks and stores one upload (the bytes as sent), then makes its variants. */
export async function storeCompetitionImage(data: Buffer, dir: string, variants: ImageVariants): Promise<StoredImage> {
  if (data.length === 0) throw new ImageRefused('image: the file is empty');
  if (data.length > MAX_UPLOAD_BYTES) throw new ImageRefused(`image: must be at most 5 MB (this one is ${(data.length / 1024 / 1024).toFixed(1)} MB)`);
  let meta: Metadata;
  try {
    meta = await sharp(data, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  } catch {
    throw new ImageRefused('image: must be a JPEG, PNG, WebP or AVIF picture (this file is not one)');
  }
  if (!meta.format || !ACCEPTED.has(meta.format)) throw new ImageRefused(`image: must be a JPEG, PNG, WebP or AVIF picture (this file is ${meta.format ?? 'unknown'})`);
  const upright = (meta.orientation ?? 1) >= 5 ? { width: meta.height, height: meta.width } : { width: meta.width, height: meta.height };
  if (!upright.width || !upright.height || upright.width * upright.height > MAX_INPUT_PIXELS) throw new ImageRefused('image: the picture is too large to read (at most 40 megapixels)');
  if (upright.width < MIN_UPLOAD_WIDTH) throw new ImageRefused(`image: must be at least ${MIN_UPLOAD_WIDTH} px wide (this one is ${upright.width} px)`);

  let stored: { data: Buffer; info: OutputInfo };
  try {
    stored = await sharp(data, { limitInputPixels: MAX_INPUT_PIXELS })
      .autoOrient()
      .resize({ width: MAX_STORED_WIDTH, withoutEnlargement: true })
      .jpeg({ quality: 85, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw new ImageRefused('image: the picture could not be read to the end (is the file cut short?)');
  }
  const name = `${createHash('sha256').update(stored.data).digest('hex').slice(0, 24)}.jpg`;
  const file = path.join(dir, name);
  await mkdir(dir, { recursive: true });
  if (!(await stat(file).catch(() => null))) {
    const temp = `${file}.${process.pid}-${randomBytes(6).toString('hex')}.tmp`;
    try {
      await writeFile(temp, stored.data);
      await rename(temp, file);
    } catch (err) {
      await rm(temp, { force: true });
      throw err;
    }
  }
  const info = await stat(file);
  const source = { file, key: `staff/${name}`, size: info.size, mtimeMs: info.mtimeMs };
  let made = 0;
  // One at a time: an upload must not take both cores from the shop's requests.
  for (const format of IMAGE_VARIANT_FORMATS) {
    for (const width of IMAGE_VARIANT_WIDTHS) {
      await variants.get(source, { width, format });
      made += 1;
    }
  }
  return { url: `${UPLOADS_URL_PREFIX}${name}`, width: stored.info.width, height: stored.info.height, bytes: info.size, variants: made };
}
