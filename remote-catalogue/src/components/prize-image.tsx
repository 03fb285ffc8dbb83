import type { ImgHTMLAttributes } from 'react';
import { resizableUpload, serverRender, variantSrcSet } from '@cgg/contracts';
import './prize-image.css';

const pageOrigin = (): string | null => (typeof window === 'undefined' ? (serverRender()?.origin ?? null) : window.location.origin);

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
  // A competition without an image keeps its box and alt text; an empty src would fetch the page again.
  const image = <img {...img} src={src || undefined} loading={loading} decoding={decoding} />;
  const upload = resizableUpload(src, pageOrigin());
  if (!upload) return image;
  return (
    <picture className="cat-picture">
      <source type="image/avif" srcSet={variantSrcSet(upload, 'avif')} sizes={sizes} />
      <source type="image/webp" srcSet={variantSrcSet(upload, 'webp')} sizes={sizes} />
      {image}
    </picture>
  );
}
