import { describe, expect, it } from 'vitest';
import { resizableUpload, variantSrcSet } from './image-variants.ts';

describe('resizableUpload', () => {
  it('accepts raster uploads on the given origin only', () => {
    expect(resizableUpload('/wp-content/uploads/a.jpg', 'https://shop.example')?.pathname).toBe('/wp-content/uploads/a.jpg');
    expect(resizableUpload('https://shop.example/wp-content/uploads/a.png', 'https://shop.example')).not.toBeNull();
    expect(resizableUpload('https://other.example/wp-content/uploads/a.png', 'https://shop.example')).toBeNull();
    expect(resizableUpload('/wp-content/uploads/a.svg', 'https://shop.example')).toBeNull();
    // Without a window (no origin) only site-relative URLs qualify.
    expect(resizableUpload('/wp-content/uploads/a.avif', null)).not.toBeNull();
    expect(resizableUpload('https://shop.example/wp-content/uploads/a.avif', null)).toBeNull();
  });
});

describe('variantSrcSet', () => {
  it('lists every width in one format, keeping the rest of the query', () => {
    const url = resizableUpload('/wp-content/uploads/a.jpg?v=2', null)!;
    expect(variantSrcSet(url, 'webp')).toBe(
      [320, 480, 640, 960, 1280, 1600].map((w) => `/wp-content/uploads/a.jpg?v=2&w=${w}&format=webp ${w}w`).join(', '),
    );
  });
});
