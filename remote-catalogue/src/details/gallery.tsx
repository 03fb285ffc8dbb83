import { useState, type KeyboardEvent } from 'react';
import { PrizeImage } from '../components/prize-image.tsx';

/** The main image is the left column (1.15fr of the 1200 px page) from 960 px, else full width. */
export const GALLERY_IMAGE_SIZES = '(min-width: 1200px) 640px, (min-width: 960px) 55vw, 100vw';
/** Thumbnails are 84 px wide (competition-details-page.css). */
export const THUMB_IMAGE_SIZES = '84px';

/** Main image plus thumbnails; thumbnails are buttons, arrow keys move between them. */
export function Gallery({ images, title }: { images: string[]; title: string }) {
  const [current, setCurrent] = useState(0);
  const shown = images[current] ?? images[0];
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft') return;
    e.preventDefault();
    const next = (current + (e.key === 'ArrowRight' ? 1 : -1) + images.length) % images.length;
    setCurrent(next);
    e.currentTarget.querySelectorAll<HTMLButtonElement>('button')[next]?.focus();
  };
  if (!shown) return null;
  return (
    <div className="cat-gallery">
      <PrizeImage
        className="cat-gallery__main"
        src={shown}
        alt={images.length > 1 ? `${title}, image ${current + 1} of ${images.length}` : title}
        width={1200}
        height={800}
        sizes={GALLERY_IMAGE_SIZES}
        loading="eager"
        fetchPriority="high"
        // The page's largest image: decoded with the rest of the first paint, not a frame later.
        decoding="sync"
      />
      {images.length > 1 && (
        <div className="cat-gallery__thumbs" role="group" aria-label="Choose an image" onKeyDown={onKeyDown}>
          {images.map((src, i) => (
            <button
              key={src}
              type="button"
              className="cat-gallery__thumb"
              aria-label={`Show image ${i + 1} of ${images.length}`}
              aria-pressed={i === current}
              onClick={() => setCurrent(i)}
            >
              <PrizeImage src={src} alt="" width={120} height={80} sizes={THUMB_IMAGE_SIZES} loading="lazy" decoding="async" />
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
