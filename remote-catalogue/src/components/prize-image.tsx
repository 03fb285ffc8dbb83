import type { ImgHTMLAttributes } from 'react';
import './prize-image.css';

/**
 * Widths the API makes variants at (shop-api/src/http/image-variants.ts, VARIANT_WIDTHS);
 * it answers any other width with a 400, so keep the two lists the same.
 */
export const PRIZE_IMAGE_WIDTHS = [320, 480, 640, 960, 1280, 1600] as const;

const UPLOADS = '/wp-content/uploads/';
/** Raster types the API resizes; an SVG (already scalable) or a GIF is used as it is. */
const RASTER = /\.(jpe?g|png|webp|avif)$/i;

const pageOrigin = (): string | null => (typeof window === 'undefined' ? null : window.location.origin);

/**
 * The URL of an image the API can make variants of (a jpg, png, webp or avif under
 * `/wp-content/uploads/`, site-relative or on this origin), or null (an SVG, another site's image).
 */
export function resizableUpload(src: string, origin: string | null = pageOrigin()): URL | null {
  const base = origin ?? 'http://site.invalid';
  let url: URL;
  try {
    url = new URL(src, base);
    if (url.origin !== new URL(base).origin) return null;
  } catch {
    return null;
  }
  if (!url.pathname.startsWith(UPLOADS) || !RASTER.test(url.pathname)) return null;
  // Already a variant: used as it is.
  if (url.searchParams.has('w') || url.searchParams.has('format')) return null;
  return url;
}

/** `srcset` of every listed width in one format: `/wp-content/uploads/a.jpg?w=320&format=avif 320w, ...`. */
export function variantSrcSet(url: URL, format: 'avif' | 'webp'): string {
  return PRIZE_IMAGE_WIDTHS.map((w) => {
    const query = new URLSearchParams(url.search);
    query.set('w', String(w));
    query.set('format', format);
    return `${url.pathname}?${query.toString()} ${w}w`;
  }).join(', ');
}

export interface PrizeImageProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet' | 'sizes' | 'width' | 'height' | 'alt'> {
  src: string;
  alt: string;
  /** The box reserved before the image loads (with the CSS, nothing shifts). */
  width: number;
  height: number;
  /** How wide the image is drawn at each viewport, as the `sizes` attribute, e.g. `(min-width: 960px) 33vw, 100vw`. */
  sizes: string;
}

/**
 * A competition or prize image. For a raster upload it is a `<picture>`: AVIF and WebP sources
 * at the API's widths (the browser picks the smallest that fills `sizes` at its pixel density)
 * and the original as the `<img>` fallback; its `src` is always `src` unchanged. For an SVG or a
 * foreign URL, just the `<img>`. Lazy and async unless the caller says otherwise: pass
 * `loading="eager"` (and `fetchPriority="high"` for the page's main image) above the fold.
 */
export function PrizeImage({ src, sizes, loading = 'lazy', decoding = 'async', ...img }: PrizeImageProps) {
  const image = <img {...img} src={src} loading={loading} decoding={decoding} />;
  const upload = resizableUpload(src);
  if (!upload) return image;
  return (
    <picture className="cat-picture">
      <source type="image/avif" srcSet={variantSrcSet(upload, 'avif')} sizes={sizes} />
      <source type="image/webp" srcSet={variantSrcSet(upload, 'webp')} sizes={sizes} />
      {image}
    </picture>
  );
}
