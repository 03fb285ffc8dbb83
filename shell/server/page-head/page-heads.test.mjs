// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { COOKIE_NOTICE_SCRIPT } from './cookie-notice.mjs';
import { EARLY_TAPS_SCRIPT } from './early-taps.mjs';
import { headTags, withHead } from './head-tags.mjs';
import { pageHead, plainText, siteName } from './page-heads.mjs';
import { robotsTxt, sitemapXml } from './crawler-files.mjs';
import { competition, fakeShopData } from './test-fixtures.mjs';

const siteUrl = 'https://shop.example';

const head = (path, data = fakeShopData()) => pageHead(path, { data, siteUrl, now: new Date('2029-12-20T12:00:00Z') });

describe('page heads', () => {
  it('gives a competition its title, description, canonical URL, prize image and Product JSON-LD in GBP', async () => {
    const h = await head('/competition/details/whatever-it-was-called-42');
    expect(h).toMatchObject({
      status: 200,
      title: 'Audi RS3 Sportback | CGG Competitions',
      description: 'A 400 bhp hot hatch & £5,000 cash.',
      canonical: 'https://shop.example/competition/details/audi-rs3-sportback-42',
      type: 'product',
      image: 'https://shop.example/wp-content/uploads/competitions/audi.jpg',
      preloadImage: '/wp-content/uploads/competitions/audi.jpg',
    });
    expect(h.jsonLd).toMatchObject({
      '@type': 'Product',
      name: 'Audi RS3 Sportback',
      sku: '42',
      image: ['https://shop.example/wp-content/uploads/competitions/audi.jpg', 'https://shop.example/wp-content/uploads/competitions/audi-2.jpg'],
      offers: { '@type': 'Offer', priceCurrency: 'GBP', price: '2.49', availability: 'https://schema.org/InStock', priceValidUntil: '2030-01-10', inventoryLevel: { value: 600 } },
    });
    // The pop-up's link form and /competition/info/:id find the same competition.
    expect((await head('/competition/details/Audi%20RS3%20Sportback--42')).title).toBe(h.title);
    expect((await head('/competition/info/42')).canonical).toBe(h.canonical);
  });

  it('prices a competition on sale at its sale price and marks a sold-out or drawn one', async () => {
    const onSale = competition({ sale_price: '0.99', sale_start_date: '2029-12-01', sale_end_date: '2029-12-31' });
    expect((await head('/competition/info/42', fakeShopData({ competitions: [onSale] }))).jsonLd.offers.price).toBe('0.99');
    const soldOut = competition({ total_ticket_sold: 1000, quantity: 0 });
    expect((await head('/competition/info/42', fakeShopData({ competitions: [soldOut] }))).jsonLd.offers.availability).toBe('https://schema.org/SoldOut');
    const drawn = competition({ status: 'drawn', winning_ticket_number: 7 });
    expect((await head('/competition/info/42', fakeShopData({ competitions: [drawn] }))).jsonLd.offers.availability).toBe('https://schema.org/Discontinued');
  });

  it("describes a competition without a description by its price and the draw's London date", async () => {
    // 00:30 London on 1 July is 23:30 UTC on 30 June: the date shown is London's, wherever the server runs.
    const plain = competition({ description: '', draw_date: '2030-07-01', draw_time: '00:30' });
    expect((await head('/competition/info/42', fakeShopData({ competitions: [plain] }))).description).toBe(
      `Win Audi RS3 Sportback: tickets £2.49, draw 1 July 2030. ${siteName}.`,
    );
  });

  it('answers 404 and noindex for a competition that does not exist, and keeps the default head when the API is down', async () => {
    expect(await head('/competition/details/gone-999')).toMatchObject({ status: 404, robots: 'noindex', title: `Competition not found | ${siteName}` });
    expect(await head('/competition/details/no-id-here')).toMatchObject({ status: 404 });
    expect(await head('/competition/details/audi-42', fakeShopData({ down: true }))).toMatchObject({ status: 200, title: siteName, jsonLd: null, preloadImage: null });
  });

  it("titles the home page from its SEO row and preloads the carousel's first image (the main competition)", async () => {
    const main = competition({ id: 7, title: 'Rolex', image: '/wp-content/uploads/competitions/rolex.jpg' });
    const data = fakeShopData({
      competitions: [competition(), main],
      featured: { featured: [competition()], competitions: [competition(), main] },
      settings: { main_competition: 7 },
      seo: { home: { page_title: 'Win big | CGG', meta_description: 'Enter from 49p.', meta_title: 'CGG: UK prize competitions' } },
    });
    const home = await head('/', data);
    // Each answer once in the page data, in the order it was read.
    expect(home.pageData.map((e) => e.call).sort()).toEqual(['featuredCompetition', 'getSEOSettings', 'getsettings']);
    // The page data carries the cards' view of the competitions (contracts' page-data-slim.ts).
    expect(main.description).not.toBe('');
    const carried = home.pageData.find((e) => e.call === 'featuredCompetition').response.data;
    expect([...carried.featured, ...carried.competitions].map((c) => c.description)).toEqual(['', '', '']);
    expect(carried.competitions[1]).toMatchObject({ id: 7, title: 'Rolex', image: '/wp-content/uploads/competitions/rolex.jpg' });
    expect(home).toMatchObject({
      title: 'Win big | CGG',
      description: 'Enter from 49p.',
      ogTitle: 'CGG: UK prize competitions',
      image: 'https://shop.example/wp-content/uploads/competitions/rolex.jpg',
      preloadImage: '/wp-content/uploads/competitions/rolex.jpg',
      canonical: 'https://shop.example/',
    });
  });

  it("uses a shell page's SEO row, else its own title; lists use theirs; personal pages are never indexed", async () => {
    const data = fakeShopData({ seo: { faq: { page_title: 'FAQ | CGG', meta_description: 'Answers.', meta_title: '' }, winners: { page_title: 'Winners | CGG', meta_description: 'Our winners.', meta_title: '' } } });
    expect(await head('/faq', data)).toMatchObject({ title: 'FAQ | CGG', description: 'Answers.', robots: 'index, follow' });
    expect(await head('/how-it-works', data)).toMatchObject({ title: `How it works | ${siteName}` });
    expect(await head('/winners_list', data)).toMatchObject({ title: 'Winners | CGG', description: 'Our winners.' });
    for (const path of ['/cart', '/checkout', '/account/orders', '/auth/login', '/admin', '/admin/staff']) expect((await head(path, data)).robots).toBe('noindex');
    expect(await head('/no/such/page', data)).toMatchObject({ status: 404, robots: 'noindex', title: `Page not found | ${siteName}` });
  });

  it('writes escaped tags: a hostile title can neither close an attribute nor the JSON-LD script', async () => {
    const hostile = competition({ title: 'Prize "</script><script>alert(1)</script>' });
    const tags = headTags(await head('/competition/info/42', fakeShopData({ competitions: [hostile] })), siteName);
    expect(tags).not.toContain('<script>alert(1)');
    expect(tags).toContain('<title>Prize &quot;&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; | CGG Competitions</title>');
    const json = /<script type="application\/ld\+json">(.*)<\/script>/.exec(tags)[1];
    expect(JSON.parse(json).name).toBe('Prize "</script><script>alert(1)</script>');
    expect(tags).toContain('<meta property="og:image" content="https://shop.example/wp-content/uploads/competitions/audi.jpg" />');
    expect(tags).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect(tags).toContain('<link rel="preload" as="image" href="/wp-content/uploads/competitions/audi.jpg"');
  });

  it("replaces the build's default title and description", () => {
    const html = withHead('<html><head><meta charset="utf-8"><meta name="description" content="old"><title>Old</title></head><body></body></html>', '<title>New</title>');
    expect(html).toBe('<html><head><meta charset="utf-8">  <title>New</title>\n  </head><body></body></html>');
  });

  it('turns operator HTML into plain text', () => {
    expect(plainText('<p>One&nbsp;<b>two</b></p><script>x()</script>\n<p>three &lt;4&gt;</p>')).toBe('One two three <4>');
  });
});

describe('robots.txt and sitemap.xml', () => {
  it('keeps crawlers out of personal pages and points at the sitemap', () => {
    const robots = robotsTxt(siteUrl);
    expect(robots).toContain('Disallow: /account');
    expect(robots).toContain('Disallow: /admin');
    expect(robots).toContain('Disallow: /checkout');
    expect(robots).toContain('Sitemap: https://shop.example/sitemap.xml');
  });

  it("lists the public pages and every competition's canonical URL", async () => {
    const xml = await sitemapXml(siteUrl, fakeShopData({ competitions: [competition(), competition({ id: 8, title: 'Cash & Prizes' })] }));
    expect(xml).toContain('<loc>https://shop.example/</loc>');
    expect(xml).toContain('<loc>https://shop.example/faq</loc>');
    expect(xml).toContain('<loc>https://shop.example/competition/details/audi-rs3-sportback-42</loc><lastmod>2029-12-01</lastmod>');
    expect(xml).toContain('<loc>https://shop.example/competition/details/cash-prizes-8</loc>');
    expect(xml).not.toContain('/account');
  });
});

describe('the preloaded image', () => {
  it("names the AVIF candidates a raster upload's <picture> picks, and an SVG as it is", () => {
    const tags = (src) => headTags({ title: 't', description: 'd', canonical: 'https://shop.example/', preloadImage: src }, siteName, { origin: 'https://shop.example' });
    expect(tags('/wp-content/uploads/competitions/audi.svg')).toContain('<link rel="preload" as="image" href="/wp-content/uploads/competitions/audi.svg" fetchpriority="high" />');
    const raster = tags('/wp-content/uploads/competitions/audi.jpg');
    expect(raster).toContain('imagesrcset="/wp-content/uploads/competitions/audi.jpg?w=320&amp;format=avif 320w,');
    expect(raster).toContain('imagesizes="100vw" type="image/avif" fetchpriority="high" />');
  });
});

describe('taps before hydration', () => {
  it('a server-rendered page holds them from its head (early-taps.mjs); a page the browser renders alone has nothing to hold', () => {
    const tags = (rendered) => headTags({ title: 't', description: 'd', canonical: 'https://shop.example/' }, siteName, { rendered });
    expect(tags(true)).toContain(`<script>${EARLY_TAPS_SCRIPT}</script>`);
    expect(tags(false)).not.toContain('__cggEarlyTaps');
  });
});

describe('the cookie banner of a server-rendered page', () => {
  it('is shown or not by a script in its head (cookie-notice.mjs); a page the browser renders alone has none', () => {
    const tags = (rendered) => headTags({ title: 't', description: 'd', canonical: 'https://shop.example/' }, siteName, { rendered });
    expect(tags(true)).toContain(`<script>${COOKIE_NOTICE_SCRIPT}</script>`);
    expect(tags(false)).not.toContain('data-cookie-notice');
  });
});
