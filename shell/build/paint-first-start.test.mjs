import { afterEach, describe, expect, it, vi } from 'vitest';
import { paintFirstStart, startScript } from './paint-first-start.mjs';

const main = '/assets/main.0123456789.js';
const started = () => document.querySelector(`script[src="${main}"]`);
const visibility = (value) => Object.defineProperty(document, 'visibilityState', { configurable: true, value });

afterEach(() => {
  started()?.remove();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the paint-first start of main.js', () => {
  it('turns the deferred start-up script into a low-priority preload and an inline start', () => {
    const html = paintFirstStart(`<body><div id="root"></div><script defer src="${main}"></script></body>`);
    expect(html).toContain(`<link rel="preload" as="script" href="${main}" fetchpriority="low">`);
    expect(html).not.toContain('<script defer');
    expect(html).toContain(`<script>${startScript(main)}</script>`);
  });

  it('on a visible page, adds main.js only in the task after the next frame (after the first paint)', () => {
    vi.useFakeTimers();
    let frame;
    vi.stubGlobal('requestAnimationFrame', (callback) => {
      frame = callback;
      return 1;
    });
    visibility('visible');
    new Function(startScript(main))();
    expect(started()).toBeNull();
    frame(0);
    expect(started()).toBeNull();
    vi.runAllTimers();
    expect(started()).not.toBeNull();
  });

  it('on a hidden page (a background tab, a prerender: no frame is painted), starts at once', () => {
    visibility('hidden');
    new Function(startScript(main))();
    expect(started()).not.toBeNull();
  });
});
