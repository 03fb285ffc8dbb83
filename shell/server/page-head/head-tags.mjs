import { resizableUpload, variantSrcSet } from '@cgg/contracts';
import { COOKIE_NOTICE_SCRIPT } from './cookie-notice.mjs';
import { EARLY_TAPS_SCRIPT } from './early-taps.mjs';

/** Text for an HTML attribute or element: nothing in it can close the tag it sits in. */
export function escapeHtml(text) {
  return String(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** JSON inside <script type="application/ld+json">: `</script>` and `<!--` in a title cannot end the element. */
export function scriptJson(value) {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/**
 * A raster upload is shown through <picture> with AVIF first (the catalogue's PrizeImage), so
 * the preload names the same AVIF candidates; a browser without AVIF skips it (type) and
 * picks the WebP source itself. An SVG or another site's image is preloaded as it is.
 */
function imagePreload(src, origin) {
  const upload = resizableUpload(src, origin ?? null);
  const candidates = upload ? ` imagesrcset="${escapeHtml(variantSrcSet(upload, 'avif'))}" imagesizes="100vw" type="image/avif"` : '';
  return `<link rel="preload" as="image" href="${escapeHtml(src)}"${candidates} fetchpriority="high" />`;
}

/**
 * A remote file the page will need. A server-rendered page's HTML already shows the remote's
 * markup, so its styles are real stylesheets (render-blocking: the markup never shows unstyled and
 * then jumps); otherwise they are preloads, and only the first screen's.
 */
function preloadTag(p, rendered) {
  const href = escapeHtml(p.href);
  if (p.as === 'style' && rendered) return `<link rel="stylesheet" href="${href}" />`;
  if (p.lazy) return '';
  return `<link rel="preload" as="${p.as}" href="${href}"${p.as === 'fetch' ? ' crossorigin="anonymous"' : ''} />`;
}

const meta = (attr, key, content) => (content ? `<meta ${attr}="${key}" content="${escapeHtml(content)}" />` : '');

/**
 * The tags a page head adds to the build's index.html (which keeps its charset, viewport and
 * styles). `remotes` (the runtime remotes document), `pageData` (contracts' page-data.ts) and
 * `preloads` (remote-preloads.mjs) let the page start without asking for what the server knows;
 * `rendered` says the page data is what the server rendered `#root` from (the browser hydrates it).
 */
export function headTags(head, siteName, { remotes, pageData, pageDataAt = Date.now(), rendered = false, preloads = [], origin } = {}) {
  const ogTitle = head.ogTitle || head.title;
  const remoteOrigins = [...new Set((remotes?.remotes ?? []).map((r) => new URL(r.entry).origin))].filter((o) => o !== origin);
  return [
    `<title>${escapeHtml(head.title)}</title>`,
    meta('name', 'description', head.description),
    meta('name', 'robots', head.robots),
    `<link rel="canonical" href="${escapeHtml(head.canonical)}" />`,
    // The largest image of the first screen starts downloading with the HTML, not after the scripts.
    head.preloadImage ? imagePreload(head.preloadImage, origin) : '',
    meta('property', 'og:site_name', siteName),
    meta('property', 'og:type', head.type),
    meta('property', 'og:title', ogTitle),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', head.canonical),
    meta('property', 'og:locale', 'en_GB'),
    meta('property', 'og:image', head.image),
    meta('property', 'og:image:alt', head.image ? head.imageAlt || ogTitle : ''),
    meta('name', 'twitter:card', head.image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', ogTitle),
    meta('name', 'twitter:description', head.description),
    meta('name', 'twitter:image', head.image),
    head.jsonLd ? `<script type="application/ld+json">${scriptJson(head.jsonLd)}</script>` : '',
    // The remotes live on other origins: open those connections while the shell's script loads.
    ...remoteOrigins.map((o) => `<link rel="preconnect" href="${escapeHtml(o)}" />`),
    // The manifest is fetched (CORS, like the federation runtime's fetch); entry, scripts and
    // styles are plain <script>/<link> elements, so their preloads carry no crossorigin either.
    ...preloads.map((p) => preloadTag(p, rendered)).filter(Boolean),
    remotes ? `<script type="application/json" id="cgg-remotes">${scriptJson(remotes)}</script>` : '',
    // The server's HTML can be tapped before the app hydrates it: such taps are held, then done (early-taps.mjs).
    rendered ? `<script>${EARLY_TAPS_SCRIPT}</script>` : '',
    // Its cookie banner is in the HTML: shown from the first paint if this visitor is still to be asked.
    rendered ? `<script>${COOKIE_NOTICE_SCRIPT}</script>` : '',
    pageData?.length ? `<script type="application/json" id="cgg-page-data">${scriptJson({ at: pageDataAt, entries: pageData, ...(rendered ? { rendered: true } : {}) })}</script>` : '',
  ]
    .filter(Boolean)
    .join('\n    ');
}

/** index.html with its default title and description replaced by the page's head. */
export function withHead(template, tags) {
  const bare = template.replace(/<title>[\s\S]*?<\/title>\s*/i, '').replace(/<meta\s+name="description"[^>]*>\s*/i, '');
  return bare.replace(/<\/head>/i, `  ${tags}\n  </head>`);
}
