import createDOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';

/**
 * What a description may not contain even though DOMPurify allows it by default: forms
 * (a fake "confirm your card" box inside our own page) and inline styles (content laid
 * over the page's own buttons).
 */
const FORBID_TAGS = ['style', 'form', 'input', 'button', 'textarea', 'select'];
const FORBID_ATTR = ['style'];
/** Operator links may open a new tab; rel is set below so the opened page cannot reach ours. */
const ADD_ATTR = ['target'];

/** One DOMPurify on one jsdom window for the whole process: a window costs milliseconds, a sanitise microseconds. */
const purify = createDOMPurify(new JSDOM('').window);
purify.addHook('afterSanitizeAttributes', (node) => {
  if (node.nodeName === 'A' && node.getAttribute('target') === '_blank') node.setAttribute('rel', 'noopener noreferrer');
});

/** Descriptions change rarely and lists repeat them on every request: each distinct text is cleaned once. */
const cleaned = new Map<string, string>();
const CACHE_LIMIT = 1000;

/**
 * A competition's description (operator HTML) as every client may render it: DOMPurify's
 * allowlist (no scripts, handlers, javascript: URLs, SVG/MathML tricks or mutation-XSS
 * re-serialisation), without forms or inline styles, and new-tab links with
 * rel="noopener noreferrer".
 */
export function sanitizeDescription(html: string): string {
  const hit = cleaned.get(html);
  if (hit !== undefined) return hit;
  const clean = purify.sanitize(html, { FORBID_TAGS, FORBID_ATTR, ADD_ATTR });
  // Oldest first out: a Map iterates in insertion order.
  if (cleaned.size >= CACHE_LIMIT) cleaned.delete(cleaned.keys().next().value!);
  cleaned.set(html, clean);
  return clean;
}
