import { competitionPath } from '@cgg/contracts';
import { escapeHtml } from './head-tags.mjs';

/** Public pages without parameters, in the order a crawler should meet them. */
const publicPages = ['/', '/competitions/all', '/competitions/instant_win_comps', '/draw/results', '/winners_list', '/how-it-works', '/faq', '/free-postal-route', '/legal-terms', '/contact', '/complaints', '/community-chat', '/responsible-play'];

/** Where crawlers may not go: one visitor's basket, checkout, account and sign-in pages, and the back office. */
const privatePrefixes = ['/cart', '/checkout', '/confirmation', '/claim/', '/auth/', '/login-as-user', '/account', '/admin'];

export function robotsTxt(siteUrl) {
  return ['User-agent: *', ...privatePrefixes.map((p) => `Disallow: ${p}`), 'Allow: /', '', `Sitemap: ${new URL('/sitemap.xml', siteUrl)}`, ''].join('\n');
}

/** The public pages and every competition's details page (open, closed or drawn: results stay linkable). */
export async function sitemapXml(siteUrl, data) {
  const competitions = (await data.listedCompetitions()) ?? [];
  const entry = (path, lastmod) =>
    `  <url><loc>${escapeHtml(new URL(path, siteUrl).toString())}</loc>${lastmod ? `<lastmod>${escapeHtml(lastmod)}</lastmod>` : ''}</url>`;
  const urls = [
    ...publicPages.map((p) => entry(p)),
    ...competitions.map((c) => entry(competitionPath(c), /^\d{4}-\d{2}-\d{2}/.exec(c.created_at)?.[0])),
  ];
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}
