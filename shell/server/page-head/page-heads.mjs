import { matchRoutes } from 'react-router-dom';
import {
  competitionPath,
  effectivePricePence,
  formatLongDate,
  isSoldOut,
  orderFeatured,
  parseCompetitionId,
  penceToPounds,
  ticketsLeft,
  truncate,
} from '@cgg/contracts';
// Server only: the browser never slims (not in the shared contracts bundle).
import { slimPageDataEntry } from '@cgg/contracts/page-data-slim';
import { routeTable } from '../../src/routes/route-table.ts';
import { sitePageMeta } from '../../src/site-content/site-page-meta.ts';

export const siteName = 'CGG Competitions';
const defaultDescription =
  'Win cars, tech, cash and holidays with CGG Competitions: UK prize competitions with instant wins and live draws.';

/** Pages that belong to one visitor (basket, account, sign-in) or to staff (the back office): never indexed, never given a preview. */
const privateOwners = new Set(['cartCheckout', 'account', 'backoffice']);

/** The SEO row (getSEOSettings page key) of each public catalogue list page. */
const catalogueSeoPages = {
  '/competitions/instant_win_comps': 'instant-wins',
  '/competitions/instant/wins': 'instant-wins',
  '/competitions/:category': 'competitions',
  '/draw/results': 'draw-results',
  '/results': 'draw-results',
  '/winners_list': 'winners',
};

const routes = routeTable.map((entry) => ({ path: entry.path, entry }));

/** Markup out of an operator-written description, as one line of plain text. */
export function plainText(html) {
  return html
    .replace(/<(script|style)\b[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#0?39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}

/** `/wp-content/uploads/x.jpg` or a full URL, as the full URL a link preview can fetch. */
function absolute(url, siteUrl) {
  if (!url) return null;
  try {
    return new URL(url, siteUrl).toString();
  } catch {
    return null;
  }
}

function availability(c) {
  if (c.status !== 'open') return 'https://schema.org/Discontinued';
  return isSoldOut(c) ? 'https://schema.org/SoldOut' : 'https://schema.org/InStock';
}

/** schema.org Product with an Offer in GBP: what a search result shows for a competition. */
export function competitionJsonLd(c, url, siteUrl, now = new Date()) {
  const images = [c.image, ...c.gallery_images].map((i) => absolute(i, siteUrl)).filter(Boolean);
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: c.title,
    description: truncate(plainText(c.description), 500) || c.title,
    sku: String(c.id),
    url,
    image: [...new Set(images)],
    offers: {
      '@type': 'Offer',
      url,
      priceCurrency: 'GBP',
      price: penceToPounds(effectivePricePence(c, now)),
      availability: availability(c),
      // Tickets are sold until the competition closes.
      priceValidUntil: c.closing_date,
      inventoryLevel: { '@type': 'QuantitativeValue', value: ticketsLeft(c) },
    },
  };
}

function competitionDescription(c, now) {
  const text = plainText(c.description);
  if (text) return truncate(text, 160);
  const price = penceToPounds(effectivePricePence(c, now));
  return `Win ${c.title}: tickets £${price}, draw ${formatLongDate(c.draw_date)}. ${siteName}.`;
}

/**
 * The shop data a page's head is written from, unwrapped, with every answer recorded as page
 * data (contracts' page-data.ts) so the browser takes it from the HTML instead of asking again.
 */
function recordingReader(data) {
  const entries = [];
  const reads = new Map();
  // Each call once per page, whoever asks: one API read and one page-data entry.
  const once = (key, read) => {
    if (!reads.has(key)) reads.set(key, read());
    return reads.get(key);
  };
  // The head reads the whole answer; the page (its render and its HTML) gets it slimmed to what
  // the page shows (contracts' page-data-slim.ts).
  const keep = (call, payload, response) => {
    if (response) entries.push(slimPageDataEntry({ call, payload, response }));
    return response;
  };
  return {
    entries,
    seo: (page) => once(`seo:${page}`, async () => keep('getSEOSettings', { page }, await data.seo(page))?.data[0] ?? null),
    settings: () => once('settings', async () => keep('getsettings', null, await data.settings())?.data),
    featured: () => once('featured', async () => keep('featuredCompetition', {}, await data.featured())?.data),
    /** The competition; null when the API has no such competition; undefined when it did not answer. */
    competition: (id) =>
      once(`competition:${id}`, async () => {
        const response = await data.competition(id);
        return response === null ? null : keep('getcompetition', { id }, response)?.data;
      }),
  };
}

/**
 * The head of a page, from the route it matches and the shop's own data: title, meta
 * description, canonical URL, Open Graph and Twitter card tags, JSON-LD for a competition,
 * the image to preload (the first carousel slide, a prize image) and the HTTP status (404
 * for a competition that does not exist). Everything here is public: personal pages get
 * `noindex` and the site's default head. `owner` is the remote that renders the page and
 * `pageData` what was read on the way (the settings are read for every page: the shell's
 * announcement bar shows them).
 */
export async function pageHead(pathname, { data, siteUrl, now = new Date() }) {
  const reader = recordingReader(data);
  // Every page carries the settings: read them alongside whatever the head needs.
  const settings = reader.settings();
  const match = matchRoutes(routes, pathname)?.at(-1);
  const head = await headFor(pathname, match, reader, siteUrl, now);
  await settings;
  const entry = match?.route.entry;
  return { ...head, owner: entry?.owner ?? 'shell', module: entry?.module ?? null, pageData: reader.entries };
}

async function headFor(pathname, match, data, siteUrl, now) {
  const url = new URL(pathname, siteUrl).toString();
  const base = { title: siteName, description: defaultDescription, canonical: url, robots: 'index, follow', type: 'website', image: null, jsonLd: null, preloadImage: null, status: 200 };
  const entry = match?.route.entry;
  if (!entry) return { ...base, robots: 'noindex', status: 404 };
  const owner = entry.owner;

  if (owner === 'shell') {
    const meta = sitePageMeta[entry.page];
    const seo = meta.seoPage ? await data.seo(meta.seoPage) : null;
    const head = { ...base, title: seo?.page_title || `${meta.title} | ${siteName}`, description: seo?.meta_description || meta.description };
    return entry.page === 'not-found' ? { ...head, robots: 'noindex', status: 404 } : head;
  }
  if (privateOwners.has(owner)) return { ...base, robots: 'noindex' };

  if (entry.module === './HomePage') {
    const [seo, featured, settings] = await Promise.all([data.seo('home'), data.featured(), data.settings()]);
    const first = featured ? orderFeatured(featured.featured, featured.competitions, settings?.main_competition)[0] : undefined;
    const image = absolute(first?.image, siteUrl);
    const head = {
      ...base,
      title: seo?.page_title || siteName,
      description: seo?.meta_description || defaultDescription,
      ogTitle: seo?.meta_title || undefined,
      image,
      preloadImage: first?.image ?? null,
    };
    return head;
  }
  if (entry.module === './CompetitionDetailsPage') {
    const id = parseCompetitionId(match.params.slugId ?? match.params.id);
    const c = id === null ? null : await data.competition(id);
    // null: no such competition. undefined: the API did not answer, and the browser will ask again.
    if (c === null) return { ...base, title: `Competition not found | ${siteName}`, robots: 'noindex', status: 404 };
    if (!c) return base;
    const canonical = new URL(competitionPath(c), siteUrl).toString();
    const head = {
      ...base,
      title: `${c.title} | ${siteName}`,
      description: competitionDescription(c, now),
      canonical,
      type: 'product',
      image: absolute(c.image, siteUrl),
      imageAlt: c.title,
      preloadImage: c.image || null,
      jsonLd: competitionJsonLd(c, canonical, siteUrl, now),
    };
    return head;
  }
  const seoPage = catalogueSeoPages[match.route.path];
  const seo = seoPage ? await data.seo(seoPage) : null;
  return { ...base, title: seo?.page_title || base.title, description: seo?.meta_description || base.description };
}
