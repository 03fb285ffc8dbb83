import { useCallback, useEffect, useRef, useState, type CSSProperties } from 'react';
import { Link } from 'react-router-dom';
import { competitionPath, isNew, type Competition, type Settings } from '@cgg/contracts';
import { PriceTag } from '../components/price-tag.tsx';
import { drawWhenText } from '../components/draw-when.tsx';
import { PrizeImage } from '../components/prize-image.tsx';
import { usePrefersReducedMotion } from './use-reduced-motion.ts';
import { useRenderTime } from '../components/use-now.ts';
import './carousel.css';

const DEFAULT_SPEED_MS = 5000;
/** A slide is the page's full width (at most 1200 px). */
export const SLIDE_IMAGE_SIZES = '(min-width: 1200px) 1200px, 100vw';

/**
 * A small accessible carousel (no library): native horizontal scrolling with snap points,
 * so phones swipe it; prev/next buttons and dots for everyone else. Autoplay at the
 * settings' slider speed, paused on hover, on keyboard focus, by the pause button, and
 * off for people who prefer reduced motion.
 */
/** The settings' slider heights as the CSS variables the carousel reads, and its placeholder too (home-page.tsx). */
export function sliderHeights(settings: Settings | undefined): CSSProperties {
  return {
    '--cat-slider-h-mobile': `${settings?.slider_height_mobile ?? 420}px`,
    '--cat-slider-h-tablet': `${settings?.slider_height_tablet ?? 460}px`,
    '--cat-slider-h-desktop': `${settings?.slider_height_desktop ?? 520}px`,
  } as CSSProperties;
}

export function Carousel({ slides, settings }: { slides: Competition[]; settings: Settings | undefined }) {
  const viewport = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [stopped, setStopped] = useState(false);
  const reducedMotion = usePrefersReducedMotion();
  const count = slides.length;
  const speed = settings?.slider_speed ?? DEFAULT_SPEED_MS;
  const playing = count > 1 && !hovered && !focused && !stopped && !reducedMotion;

  const goTo = useCallback(
    (index: number) => {
      const next = ((index % count) + count) % count;
      setActive(next);
      const el = viewport.current;
      if (el && typeof el.scrollTo === 'function') {
        el.scrollTo({ left: next * el.clientWidth, behavior: reducedMotion ? 'auto' : 'smooth' });
      }
    },
    [count, reducedMotion],
  );

  // A swipe or a scroll into view moves the slide: follow it, which also restarts the autoplay clock.
  const onScroll = () => {
    const el = viewport.current;
    if (!el || el.clientWidth === 0) return;
    const index = Math.round(el.scrollLeft / el.clientWidth);
    if (index !== active && index >= 0 && index < count) setActive(index);
  };

  useEffect(() => {
    if (!playing) return;
    const timer = setTimeout(() => goTo(active + 1), speed);
    return () => clearTimeout(timer);
  }, [playing, active, speed, goTo]);

  const heights = sliderHeights(settings);
  const now = new Date(useRenderTime());

  if (count === 0) return <p className="cat-empty">New competitions are on their way. Check back soon.</p>;

  return (
    <div
      className="cat-carousel"
      role="region"
      aria-roledescription="carousel"
      aria-label="Featured competitions slideshow"
      style={heights}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <div className="cat-carousel__viewport" ref={viewport} onScroll={onScroll} aria-live={playing ? 'off' : 'polite'}>
        {slides.map((c, i) => (
          <div
            key={c.id}
            className="cat-carousel__slide"
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${count}`}
            aria-hidden={i !== active}
            data-active={i === active}
          >
            {/* The first slide's src stays c.image exactly: the shell preloads that URL. */}
            <PrizeImage
              className="cat-carousel__img"
              src={c.image}
              alt=""
              width={1200}
              height={600}
              sizes={SLIDE_IMAGE_SIZES}
              loading={i === 0 ? 'eager' : 'lazy'}
              fetchPriority={i === 0 ? 'high' : 'auto'}
              // The first slide is the page's largest image: decoded with the rest of the first
              // paint, so it appears with its text instead of a frame (or a busy start-up) later.
              decoding={i === 0 ? 'sync' : 'async'}
            />
            <div className="cat-carousel__content">
              {isNew(c.created_at, now) && <span className="cat-badge cat-badge--new">NEW</span>}
              <h2 className="cat-carousel__title">{c.title}</h2>
              <PriceTag competition={c} size="large" />
              <p className="cat-carousel__draw">Draw {drawWhenText(c)}</p>
              <Link className="cat-btn cat-carousel__cta" to={competitionPath(c)} tabIndex={i === active ? 0 : -1}>
                Enter now<span className="cat-sr-only">: {c.title}</span>
              </Link>
            </div>
          </div>
        ))}
      </div>
      {count > 1 && (
        <div className="cat-carousel__controls">
          <button type="button" className="cat-carousel__arrow" aria-label="Previous slide" onClick={() => goTo(active - 1)}>
            <span aria-hidden="true">‹</span>
          </button>
          <div className="cat-carousel__dots">
            {slides.map((c, i) => (
              <button
                key={c.id}
                type="button"
                className="cat-carousel__dot"
                aria-label={`Go to slide ${i + 1}: ${c.title}`}
                aria-current={i === active ? 'true' : undefined}
                onClick={() => goTo(i)}
              />
            ))}
          </div>
          <button type="button" className="cat-carousel__arrow" aria-label="Next slide" onClick={() => goTo(active + 1)}>
            <span aria-hidden="true">›</span>
          </button>
          {!reducedMotion && (
            <button type="button" className="cat-carousel__toggle" onClick={() => setStopped((s) => !s)}>
              {stopped ? 'Play' : 'Pause'}
              <span className="cat-sr-only"> slideshow</span>
            </button>
          )}
        </div>
      )}
    </div>
  );
}
