import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { Carousel, SLIDE_IMAGE_SIZES } from './carousel.tsx';
import { makeCompetition } from '../../test/fixtures.ts';

const slides = [
  makeCompetition({ id: 1, title: 'Rolex Submariner', image: '/wp-content/uploads/competitions/rolex.jpg' }),
  makeCompetition({ id: 2, title: 'Audi RS3', image: '/wp-content/uploads/competitions/audi.png' }),
  makeCompetition({ id: 3, title: 'Cash', image: '/wp-content/uploads/competitions/cash.svg' }),
];

const renderCarousel = () =>
  render(
    <MemoryRouter>
      <Carousel slides={slides} settings={undefined} />
    </MemoryRouter>,
  );

const slideImage = (index: number) => document.querySelectorAll<HTMLElement>('[aria-roledescription="slide"]')[index]!.querySelector('img')!;

describe('Carousel images', () => {
  it("loads the first slide eagerly at high priority with src exactly the competition's image (the URL the shell preloads)", () => {
    renderCarousel();
    const first = slideImage(0);
    expect(first.getAttribute('src')).toBe('/wp-content/uploads/competitions/rolex.jpg');
    expect(first.hasAttribute('srcset')).toBe(false);
    expect(first.getAttribute('loading')).toBe('eager');
    expect(first.getAttribute('fetchpriority')).toBe('high');
    expect(first.getAttribute('decoding')).toBe('sync');
    expect(first.getAttribute('width')).toBe('1200');
    expect(first.getAttribute('height')).toBe('600');
    // AVIF and WebP around it, drawn at the slide's width.
    const picture = first.parentElement!;
    expect(picture.tagName).toBe('PICTURE');
    const sources = [...picture.querySelectorAll('source')];
    expect(sources.map((s) => s.getAttribute('type'))).toEqual(['image/avif', 'image/webp']);
    for (const s of sources) expect(s.getAttribute('sizes')).toBe(SLIDE_IMAGE_SIZES);
    expect(sources[0]!.getAttribute('srcset')).toContain('/wp-content/uploads/competitions/rolex.jpg?w=1280&format=avif 1280w');
  });

  it('loads the other slides lazily', () => {
    renderCarousel();
    const second = slideImage(1);
    expect(second.getAttribute('loading')).toBe('lazy');
    expect(second.getAttribute('decoding')).toBe('async');
    expect(second.getAttribute('fetchpriority')).toBe('auto');
    expect(second.parentElement!.tagName).toBe('PICTURE');
    const third = slideImage(2);
    expect(third.getAttribute('src')).toBe('/wp-content/uploads/competitions/cash.svg');
    expect(third.getAttribute('loading')).toBe('lazy');
    expect(third.parentElement!.tagName).not.toBe('PICTURE');
  });
});
