import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GALLERY_IMAGE_SIZES, Gallery, THUMB_IMAGE_SIZES } from './gallery.tsx';

const images = ['/wp-content/uploads/competitions/audi.jpg', '/wp-content/uploads/competitions/audi-2.svg', '/wp-content/uploads/competitions/audi-3.webp'];

describe('Gallery images', () => {
  it('shows the main image eagerly at high priority, with AVIF/WebP sources at the column width', () => {
    render(<Gallery images={images} title="Audi RS3" />);
    const main = screen.getByRole('img', { name: 'Audi RS3, image 1 of 3' });
    expect(main.getAttribute('src')).toBe(images[0]);
    expect(main.getAttribute('loading')).toBe('eager');
    expect(main.getAttribute('fetchpriority')).toBe('high');
    expect(main.getAttribute('decoding')).toBe('sync');
    expect(main.getAttribute('width')).toBe('1200');
    expect(main.getAttribute('height')).toBe('800');
    const avif = main.parentElement!.querySelector('source[type="image/avif"]')!;
    expect(avif.getAttribute('sizes')).toBe(GALLERY_IMAGE_SIZES);
    expect(avif.getAttribute('srcset')).toContain('/wp-content/uploads/competitions/audi.jpg?w=640&format=avif 640w');
  });

  it('loads thumbnails lazily at their small size; an SVG thumbnail stays a plain <img>', () => {
    const { container } = render(<Gallery images={images} title="Audi RS3" />);
    const thumbs = [...container.querySelectorAll<HTMLImageElement>('.cat-gallery__thumb img')];
    expect(thumbs).toHaveLength(3);
    for (const t of thumbs) {
      expect(t.getAttribute('loading')).toBe('lazy');
      expect(t.getAttribute('decoding')).toBe('async');
      expect(t.getAttribute('width')).toBe('120');
    }
    expect(thumbs[0]!.parentElement!.querySelector('source[type="image/webp"]')!.getAttribute('sizes')).toBe(THUMB_IMAGE_SIZES);
    expect(thumbs[1]!.parentElement!.tagName).toBe('BUTTON');
    expect(thumbs[2]!.parentElement!.tagName).toBe('PICTURE');
  });

  it('switches the sources with the chosen image', async () => {
    render(<Gallery images={images} title="Audi RS3" />);
    await userEvent.click(screen.getByRole('button', { name: 'Show image 3 of 3' }));
    const main = screen.getByRole('img', { name: 'Audi RS3, image 3 of 3' });
    expect(main.getAttribute('src')).toBe(images[2]);
    expect(main.parentElement!.querySelector('source[type="image/webp"]')!.getAttribute('srcset')).toContain(
      '/wp-content/uploads/competitions/audi-3.webp?w=320&format=webp 320w',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Show image 2 of 3' }));
    const svg = screen.getByRole('img', { name: 'Audi RS3, image 2 of 3' });
    expect(svg.getAttribute('src')).toBe(images[1]);
    expect(svg.parentElement!.tagName).not.toBe('PICTURE');
  });
});
