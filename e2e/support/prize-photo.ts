import { createRequire } from 'node:module';
import path from 'node:path';
import { repoRoot } from './site.ts';

// e2e has no image library of its own: the API's sharp draws a photo a phone could have taken.
const sharp = createRequire(path.join(repoRoot, 'shop-api', 'package.json'))('sharp') as (o: object) => { jpeg(): { toBuffer(): Promise<Buffer> } };

/** A JPEG of `width` x `height` in one colour, as a file input takes it. */
export async function prizePhoto(name: string, width = 1200, height = 750): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  const buffer = await sharp({ create: { width, height, channels: 3, background: { r: 20, g: 90, b: 160 } } }).jpeg().toBuffer();
  return { name, mimeType: 'image/jpeg', buffer };
}
