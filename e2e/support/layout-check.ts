import type { Page } from '@playwright/test';

/**
 * What is wrong with a page's layout as a phone shows it: the page scrolling sideways, text
 * running off the screen or cut off inside its box, and text boxes or images laid over a
 * neighbour. Positioned decorations (badges on a picture, the gradient under a title) and
 * rows meant to be swiped sideways are left out: they overlap or overflow on purpose.
 */
export async function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth > width + 1) problems.push(`the page scrolls sideways (${document.documentElement.scrollWidth}px wide on a ${width}px screen)`);
    const name = (el: Element) => `${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? `.${el.className.trim().split(/\s+/).join('.')}` : ''} "${(el.textContent ?? '').trim().slice(0, 40)}"`;
    const visible = (el: Element) => {
      const r = el.getBoundingClientRect();
      const s = getComputedStyle(el);
      const inClosedDetails = el.closest('details:not([open])') !== null && el.closest('summary') === null;
      return r.width > 0 && r.height > 0 && s.visibility !== 'hidden' && s.display !== 'none' && !inClosedDetails && el.closest('[aria-hidden="true"], .sh-visually-hidden, .cat-sr-only, [hidden]') === null && !(s.position === 'absolute' && s.clip !== 'auto' && s.clip !== '');
    };
    function* ancestors(el: Element) {
      for (let p: Element | null = el; p; p = p.parentElement) yield p;
    }
    // Menus, banners and badges are laid over the page on purpose.
    const layered = (el: Element) => {
      for (let p: Element | null = el; p; p = p.parentElement) {
        if (['absolute', 'fixed', 'sticky'].includes(getComputedStyle(p).position)) return true;
      }
      return false;
    };
    const inSwipedRow = (el: Element) => {
      for (let p = el.parentElement; p; p = p.parentElement) {
        const o = getComputedStyle(p).overflowX;
        if (o === 'auto' || o === 'scroll') return true;
      }
      return false;
    };
    const ownText = (el: Element) => [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && (n.textContent ?? '').trim().length > 0);
    const texts = [...document.querySelectorAll('body *')].filter((el) => ownText(el) && visible(el) && !inSwipedRow(el));
    for (const el of texts) {
      const r = el.getBoundingClientRect();
      if (r.right > width + 1 || r.left < -1) problems.push(`${name(el)} runs off the screen (${Math.round(r.left)}..${Math.round(r.right)}px)`);
      const s = getComputedStyle(el);
      const clips = ['hidden', 'clip'].includes(s.overflowX) || ['hidden', 'clip'].includes(s.overflow);
      if (clips && s.textOverflow !== 'ellipsis' && el.scrollWidth > el.clientWidth + 1) problems.push(`${name(el)} is cut off in its box`);
    }
    // Text boxes in the flow and pictures must not lie on each other.
    // Pictures count wherever they are drawn (text laid over a prize photo is what phones got wrong).
    const overPage = (el: Element) => el.closest('header') !== null || [...ancestors(el)].some((p) => ['fixed', 'sticky'].includes(getComputedStyle(p).position));
    const boxes = [...document.querySelectorAll('body *')].filter((el) => visible(el) && ((ownText(el) && !layered(el)) || (el.tagName === 'IMG' && !overPage(el))));
    for (const el of boxes) {
      for (const other of boxes) {
        if (other === el || el.contains(other) || other.contains(el)) continue;
        const a = el.getBoundingClientRect();
        const b = other.getBoundingClientRect();
        const overlapX = Math.min(a.right, b.right) - Math.max(a.left, b.left);
        const overlapY = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
        if (overlapX > 2 && overlapY > 2 && el.compareDocumentPosition(other) & Node.DOCUMENT_POSITION_FOLLOWING) problems.push(`${name(el)} overlaps ${name(other)}`);
      }
    }
    return problems;
  });
}
