/**
 * Prize image variants: the API makes resized AVIF and WebP copies of an uploaded raster image
 * (`/wp-content/uploads/a.jpg?w=640&format=avif`) at these widths only (anything else is a 400),
 * the catalogue offers them in `srcset`, and the shell's server preloads the same candidates.
 * One list, so the three always agree.
 */
export const IMAGE_VARIANT_WIDTHS = [320, 480, 640, 960, 1280, 1600] as const;
export const IMAGE_VARIANT_FORMATS = ['webp', 'avif'] as const;

export type ImageVariantWidth = (typeof IMAGE_VARIANT_WIDTHS)[number];
export type ImageVariantFormat = (typeof IMAGE_VARIANT_FORMATS)[number];

const UPLOADS = '/wp-content/uploads/';
/** Raster types the API resizes; an SVG (already scalable) or a GIF is used as it is. */
const RASTER = /\.(jpe?g|png|webp|avif)$/i;

/**
 * The URL of an image the API can make variants of (a jpg, png, webp or avif under
 * `/wp-content/uploads/`, site-relative or on `origin`), or null (an SVG, another site's image,
 * a variant already). `origin` null: only site-relative paths count.
 */
export function resizableUpload(src: string, origin: string | null): URL | null {
  const base = origin ?? 'http://site.invalid';
  let url: URL;
  try {
    url = new URL(src, base);
    if (url.origin !== new URL(base).origin) return null;
  } catch {
    return null;
  }
  if (!url.pathname.startsWith(UPLOADS) || !RASTER.test(url.pathname)) return null;
  if (url.searchParams.has('w') || url.searchParams.has('format')) return null;
  return url;
}

/** `srcset` of every width in one format: `/wp-content/uploads/a.jpg?w=320&format=avif 320w, ...`. */
export function variantSrcSet(url: URL, format: ImageVariantFormat): string {
  return IMAGE_VARIANT_WIDTHS.map((w) => {
    const query = new URLSearchParams(url.search);
    query.set('w', String(w));
    query.set('format', format);
    return `${url.pathname}?${query.toString()} ${w}w`;
  }).join(', ');
}
