import { useState, type KeyboardEvent } from 'react';

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
      <img
        className="cat-gallery__main"
        src={shown}
        alt={images.length > 1 ? `${title}, image ${current + 1} of ${images.length}` : title}
        width={1200}
        height={800}
        fetchPriority="high"
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
              <img src={src} alt="" width={120} height={80} loading="lazy" decoding="async" />
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
