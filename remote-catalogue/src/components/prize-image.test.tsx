import { render } from '@testing-library/react';
import { IMAGE_VARIANT_WIDTHS as PRIZE_IMAGE_WIDTHS } from '@cgg/contracts';
import { PrizeImage } from './prize-image.tsx';

const sizes = '(min-width: 960px) 33vw, 100vw';
const srcset = (path: string, format: string) => PRIZE_IMAGE_WIDTHS.map((w) => `${path}?w=${w}&format=${format} ${w}w`).join(', ');

describe('PrizeImage', () => {
  it('wraps an uploaded JPEG in a <picture> with AVIF and WebP srcsets at the API widths, the original as the <img>', () => {
    const { container } = render(<PrizeImage src="/wp-content/uploads/competitions/car.jpg" alt="Audi RS3" width={600} height={400} sizes={sizes} />);
    const picture = container.querySelector('picture');
    expect(picture).not.toBeNull();
    const sources = [...picture!.querySelectorAll('source')];
    expect(sources.map((s) => s.getAttribute('type'))).toEqual(['image/avif', 'image/webp']);
    expect(sources[0]!.getAttribute('srcset')).toBe(srcset('/wp-content/uploads/competitions/car.jpg', 'avif'));
    expect(sources[0]!.getAttribute('srcset')).toContain('/wp-content/uploads/competitions/car.jpg?w=320&format=avif 320w, ');
    expect(sources[1]!.getAttribute('srcset')).toBe(srcset('/wp-content/uploads/competitions/car.jpg', 'webp'));
    for (const s of sources) expect(s.getAttribute('sizes')).toBe(sizes);
    const img = picture!.querySelector('img')!;
    expect(picture!.lastElementChild).toBe(img);
    expect(img.getAttribute('src')).toBe('/wp-content/uploads/competitions/car.jpg');
    expect(img.getAttribute('alt')).toBe('Audi RS3');
    expect(img.getAttribute('width')).toBe('600');
    expect(img.getAttribute('height')).toBe('400');
    expect(img.hasAttribute('srcset')).toBe(false);
  });

  it('is lazy and decodes async unless told otherwise', () => {
    const { container } = render(<PrizeImage src="/wp-content/uploads/a.png" alt="" width={96} height={64} sizes="96px" />);
    const img = container.querySelector('img')!;
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(img.getAttribute('decoding')).toBe('async');
  });

  it('loads eagerly with a high fetch priority when the caller says so', () => {
    const { container } = render(<PrizeImage src="/wp-content/uploads/a.webp" alt="" width={1200} height={600} sizes="100vw" loading="eager" fetchPriority="high" />);
    const img = container.querySelector('picture img')!;
    expect(img.getAttribute('loading')).toBe('eager');
    expect(img.getAttribute('fetchpriority')).toBe('high');
  });

  it.each([
    ['an SVG', '/wp-content/uploads/competitions/audi.svg'],
    ['a GIF', '/wp-content/uploads/spin.gif'],
    ['another site', 'https://cdn.example.com/wp-content/uploads/car.jpg'],
    ['a protocol-relative URL', '//cdn.example.com/wp-content/uploads/car.jpg'],
    ['a path outside the uploads', '/images/car.jpg'],
    ['a variant already', '/wp-content/uploads/car.jpg?w=640&format=webp'],
  ])('renders %s as the plain <img>', (_what, src) => {
    const { container } = render(<PrizeImage src={src} alt="Prize" width={600} height={400} sizes={sizes} />);
    expect(container.querySelector('picture')).toBeNull();
    expect(container.querySelector('source')).toBeNull();
    const img = container.querySelector('img')!;
    expect(img.getAttribute('src')).toBe(src);
    expect(img.hasAttribute('srcset')).toBe(false);
    expect(img.hasAttribute('sizes')).toBe(false);
    expect(img.getAttribute('width')).toBe('600');
    expect(img.getAttribute('loading')).toBe('lazy');
  });

  it('takes an absolute URL on this origin, keeping its query', () => {
    const src = `${window.location.origin}/wp-content/uploads/competitions/car.JPEG?v=2`;
    const { container } = render(<PrizeImage src={src} alt="" width={600} height={400} sizes={sizes} />);
    expect(container.querySelector('img')!.getAttribute('src')).toBe(src);
    expect(container.querySelector('source[type="image/webp"]')!.getAttribute('srcset')).toContain(
      '/wp-content/uploads/competitions/car.JPEG?v=2&w=320&format=webp 320w',
    );
  });
});

