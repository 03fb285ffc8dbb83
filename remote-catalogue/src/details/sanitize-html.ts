import DOMPurify from 'dompurify';

/**
 * What a description may not contain even though DOMPurify allows it by default: forms
 * (a fake "confirm your card" box inside our page) and inline styles (content laid over
 * the page's own buttons). The API cleans descriptions the same way (shop-api's
 * sanitize-description.ts); this second pass protects the page from whatever API it is
 * pointed at.
 */
const FORBID_TAGS = ['style', 'form', 'input', 'button', 'textarea', 'select'];
const FORBID_ATTR = ['style'];
/** Operator links may open a new tab; rel is set below so the opened page cannot reach ours. */
const ADD_ATTR = ['target'];

let hooked = false;
function purifier() {
  if (!hooked) {
    DOMPurify.addHook('afterSanitizeAttributes', (node) => {
      if (node.nodeName === 'A' && node.getAttribute('target') === '_blank') node.setAttribute('rel', 'noopener noreferrer');
    });
    hooked = true;
  }
  return DOMPurify;
}

/**
 * The description (operator HTML) cleaned by DOMPurify's allowlist before it is rendered:
 * no scripts, handlers, javascript: URLs, SVG/MathML tricks or mutation-XSS re-serialisation.
 */
export function sanitizeHtml(html: string): string {
  // On the shell's server (no window) the description is rendered as the API sent it: the API cleans it.
  if (typeof window === 'undefined') return html;
  return purifier().sanitize(html, { FORBID_TAGS, FORBID_ATTR, ADD_ATTR });
}
