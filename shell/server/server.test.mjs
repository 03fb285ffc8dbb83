// @vitest-environment node
import http from 'node:http';
import net from 'node:net';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createShellServer } from './create-server.mjs';
import { manifestUrl, remotesDocument } from './remotes-document.mjs';
import { competition, fakeShopData } from './page-head/test-fixtures.mjs';

function listen(server) {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${server.address().port}`)));
}
const close = (server) => new Promise((resolve) => server.close(() => resolve()));

let dist;
let api;
let apiUrl;
let apiSeen;

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'shell-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><head><title>CGG Competitions</title><meta name="description" content="Default."></head><body><div id="root"></div><script defer src="/assets/main.0123456789.js"></script></body></html>');
  writeFileSync(path.join(dist, 'assets', 'main.0123456789.js'), 'console.log(1)');
  // A stand-in shop API that echoes what it received and answers with cart headers.
  api = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      apiSeen = { method: req.method, url: req.url, body, nonce: req.headers.nonce, cartToken: req.headers['cart-token'] };
      res.writeHead(201, { 'Content-Type': 'application/json', Nonce: 'n-123', 'Cart-Token': 'jwt.abc' });
      res.end(JSON.stringify({ ok: true }));
    });
  });
  apiUrl = await listen(api);
});

afterAll(async () => {
  await close(api);
  rmSync(dist, { recursive: true, force: true });
});

const noPreloads = async () => [];

/** No server rendering unless a test brings a renderer (render/ has its own tests). */
async function withShell(env, run, shopData = fakeShopData(), remotePreloads = noPreloads, renderPage = null) {
  const server = createShellServer({ distDir: dist, env, shopData, remotePreloads, renderPage });
  const base = await listen(server);
  try {
    await run(base);
  } finally {
    server.closeAllConnections();
    await close(server);
  }
}

describe('remotes document', () => {
  it('builds manifest URLs from the base URLs in the environment', () => {
    expect(remotesDocument({ CATALOGUE_URL: 'https://cat.example.com/', CART_CHECKOUT_URL: 'http://localhost:4002', ACCOUNT_URL: 'https://cdn.example.com/account/v2/mf-manifest.json', BACKOFFICE_URL: 'https://staff.example.com' })).toEqual({
      remotes: [
        { name: 'catalogue', entry: 'https://cat.example.com/mf-manifest.json' },
        { name: 'cartCheckout', entry: 'http://localhost:4002/mf-manifest.json' },
        { name: 'account', entry: 'https://cdn.example.com/account/v2/mf-manifest.json' },
        { name: 'backoffice', entry: 'https://staff.example.com/mf-manifest.json' },
      ],
    });
    expect(manifestUrl('http://localhost:3001')).toBe('http://localhost:3001/mf-manifest.json');
  });

  it('is served at /remotes.json, uncached, with defaults', async () => {
    await withShell({ CATALOGUE_URL: 'http://cat.test:9001' }, async (base) => {
      const res = await fetch(`${base}/remotes.json`);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      const doc = await res.json();
      expect(doc.remotes).toEqual([
        { name: 'catalogue', entry: 'http://cat.test:9001/mf-manifest.json' },
        { name: 'cartCheckout', entry: 'http://localhost:3002/mf-manifest.json' },
        { name: 'account', entry: 'http://localhost:3003/mf-manifest.json' },
        { name: 'backoffice', entry: 'http://localhost:3004/mf-manifest.json' },
      ]);
    });
  });
});

describe('API forwarding', () => {
  it('forwards rest_route requests with method, body and cart headers both ways', async () => {
    await withShell({ API_URL: apiUrl }, async (base) => {
      const res = await fetch(`${base}/?rest_route=/wc/store/v1/cart/add-item`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Nonce: 'n-1', 'Cart-Token': 'jwt.old' },
        body: JSON.stringify({ id: 5, quantity: 2 }),
      });
      expect(res.status).toBe(201);
      expect(res.headers.get('nonce')).toBe('n-123');
      expect(res.headers.get('cart-token')).toBe('jwt.abc');
      expect(await res.json()).toEqual({ ok: true });
      expect(apiSeen).toEqual({ method: 'POST', url: '/?rest_route=/wc/store/v1/cart/add-item', body: '{"id":5,"quantity":2}', nonce: 'n-1', cartToken: 'jwt.old' });
    });
  });

  it('forwards /wp-json and /wp-content paths', async () => {
    await withShell({ API_URL: apiUrl }, async (base) => {
      await fetch(`${base}/wp-json/api/v1/getsettings`);
      expect(apiSeen.url).toBe('/wp-json/api/v1/getsettings');
      await fetch(`${base}/wp-content/uploads/competitions/car.svg`);
      expect(apiSeen.url).toBe('/wp-content/uploads/competitions/car.svg');
    });
  });

  it('answers 502 with a WordPress-shaped error when the API is down', async () => {
    // An API that drops every connection. (A port listened on and closed again could be handed to
    // the shell under test itself, which would then forward to itself: seen as a 431 in CI.)
    const dead = net.createServer((socket) => socket.destroy());
    const deadUrl = await listen(dead);
    try {
      await withShell({ API_URL: deadUrl }, async (base) => {
        const res = await fetch(`${base}/?rest_route=/api/v1/getsettings`);
        expect(res.status).toBe(502);
        const body = await res.json();
        expect(body).toMatchObject({ code: expect.any(String), message: expect.any(String), data: { status: 502 } });
      });
    } finally {
      await close(dead);
    }
  });
});

describe('static files', () => {
  it('serves index.html for app routes, uncached', async () => {
    await withShell({}, async (base) => {
      const res = await fetch(`${base}/competition/details/audi-rs3-sportback-42`);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await res.text()).toContain('<div id="root">');
    });
  });

  it('caches hashed assets for a year and 404s a missing asset', async () => {
    await withShell({}, async (base) => {
      const asset = await fetch(`${base}/assets/main.0123456789.js`);
      expect(asset.status).toBe(200);
      expect(asset.headers.get('cache-control')).toContain('immutable');
      const missing = await fetch(`${base}/assets/gone.9999999999.js`);
      expect(missing.status).toBe(404);
    });
  });
});

describe('page heads, robots.txt and the sitemap', () => {
  it("sends a competition's head in the raw HTML: title, og: tags with the prize image, JSON-LD under the page's nonce", async () => {
    await withShell({ SITE_URL: 'https://shop.example' }, async (base) => {
      const res = await fetch(`${base}/competition/details/audi-rs3-sportback-42`);
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toContain('<title>Audi RS3 Sportback | CGG Competitions</title>');
      expect(html).not.toContain('Default.');
      expect(html).toContain('<meta property="og:title" content="Audi RS3 Sportback | CGG Competitions" />');
      expect(html).toContain('<meta property="og:image" content="https://shop.example/wp-content/uploads/competitions/audi.jpg" />');
      expect(html).toContain('<link rel="canonical" href="https://shop.example/competition/details/audi-rs3-sportback-42" />');
      const nonce = /'nonce-([^']+)'/.exec(res.headers.get('content-security-policy'))[1];
      expect(html).toContain(`<script nonce="${nonce}" type="application/ld+json">`);
    });
  });

  it('answers 404 for a competition or path that does not exist, still with the app to show it', async () => {
    await withShell({}, async (base) => {
      for (const path of ['/competition/details/gone-999', '/no/such/page']) {
        const res = await fetch(`${base}${path}`);
        expect(res.status).toBe(404);
        const html = await res.text();
        expect(html).toContain('<meta name="robots" content="noindex" />');
        expect(html).toContain('<div id="root">');
      }
    });
  });

  it('compresses HTML for browsers that accept it', async () => {
    await withShell({}, async (base) => {
      const res = await fetch(`${base}/competition/details/audi-rs3-sportback-42`, { headers: { 'Accept-Encoding': 'br' } });
      expect(res.headers.get('content-encoding')).toBe('br');
      expect(await res.text()).toContain('Audi RS3 Sportback');
    });
  });

  it('serves robots.txt and a sitemap of the public pages and competitions', async () => {
    await withShell({ SITE_URL: 'https://shop.example' }, async (base) => {
      const robots = await fetch(`${base}/robots.txt`);
      expect(robots.headers.get('content-type')).toContain('text/plain');
      expect(await robots.text()).toContain('Sitemap: https://shop.example/sitemap.xml');
      const sitemap = await fetch(`${base}/sitemap.xml`);
      expect(sitemap.headers.get('content-type')).toContain('application/xml');
      expect(await sitemap.text()).toContain('<loc>https://shop.example/competition/details/audi-rs3-sportback-42</loc>');
    });
  });
});

describe('what the page carries so it starts without asking', () => {
  it('writes the remotes document, the page data (escaped) and preloads of the remote page into the head', async () => {
    const hostile = competition({ title: 'Prize </script><script>alert(1)</script>' });
    const preloads = async (owner, module) => (owner === 'catalogue' && module === './CompetitionDetailsPage' ? [{ href: 'http://cat.test:9001/remoteEntry.js', as: 'script' }, { href: 'http://cat.test:9001/mf-manifest.json', as: 'fetch' }] : []);
    await withShell({ CATALOGUE_URL: 'http://cat.test:9001', SITE_URL: 'https://shop.example' }, async (base) => {
      const html = await (await fetch(`${base}/competition/info/42`)).text();
      expect(html).not.toContain('<script>alert(1)');
      const json = (id) => JSON.parse(new RegExp(`<script nonce="[^"]+" type="application/json" id="${id}">([^<]*)</script>`).exec(html)[1]);
      expect(json('cgg-remotes').remotes[0]).toEqual({ name: 'catalogue', entry: 'http://cat.test:9001/mf-manifest.json' });
      const pageData = json('cgg-page-data');
      expect(pageData.entries.map((e) => [e.call, e.payload])).toHaveLength(2);
      expect(pageData.entries.map((e) => [e.call, e.payload])).toEqual(expect.arrayContaining([['getcompetition', { id: 42 }], ['getsettings', null]]));
      expect(pageData.entries.find((e) => e.call === 'getcompetition').response.data.title).toBe('Prize </script><script>alert(1)</script>');
      expect(html).toContain('<link rel="preconnect" href="http://cat.test:9001" />');
      expect(html).toContain('<link rel="preload" as="script" href="http://cat.test:9001/remoteEntry.js" />');
      expect(html).toContain('<link rel="preload" as="fetch" href="http://cat.test:9001/mf-manifest.json" crossorigin="anonymous" />');
    }, fakeShopData({ competitions: [hostile] }), preloads);
  });

  it('never carries a personal page any data but the settings', async () => {
    await withShell({}, async (base) => {
      const html = await (await fetch(`${base}/account/orders`)).text();
      const doc = JSON.parse(/id="cgg-page-data">([^<]*)</.exec(html)[1]);
      expect(doc.entries.map((e) => e.call)).toEqual(['getsettings']);
    });
  });
});

describe('server rendering', () => {
  const rendered = (calls) => async ({ url, entries, at }) => {
    calls.push({ path: url.pathname, at });
    return {
      html: '<main>Rendered prize</main><script>window.hostile = 1</script>',
      entries: [...entries, { call: 'getOtherComps', payload: { id: 42, limit: 4 }, response: { success: true, data: [] } }],
    };
  };

  it("puts the render in #root for the browser to hydrate, with every answer it used as the page's data", async () => {
    const calls = [];
    await withShell({}, async (base) => {
      const html = await (await fetch(`${base}/competition/info/42`)).text();
      expect(html).toContain('<div id="root" data-server-rendered="true"><main>Rendered prize</main>');
      // The nonce blesses the template's scripts only, never markup inside the render.
      expect(html).toContain('<script>window.hostile = 1</script>');
      const doc = JSON.parse(/id="cgg-page-data">([^<]*)</.exec(html)[1]);
      expect(doc.rendered).toBe(true);
      expect(doc.at).toBe(calls[0].at);
      expect(doc.entries.map((e) => e.call)).toEqual(expect.arrayContaining(['getcompetition', 'getsettings', 'getOtherComps']));
    }, fakeShopData(), noPreloads, rendered(calls));
    expect(calls.map((c) => c.path)).toEqual(['/competition/info/42']);
  });

  it("links the remote's styles, lazy parts' included, as stylesheets on a rendered page, and only preloads the first screen's otherwise", async () => {
    const preloads = async () => [
      { href: 'http://cat.test:9001/home.css', as: 'style' },
      { href: 'http://cat.test:9001/below-fold.css', as: 'style', lazy: true },
    ];
    await withShell({ CATALOGUE_URL: 'http://cat.test:9001' }, async (base) => {
      const html = await (await fetch(`${base}/`)).text();
      expect(html).toContain('<link rel="stylesheet" href="http://cat.test:9001/home.css" />');
      expect(html).toContain('<link rel="stylesheet" href="http://cat.test:9001/below-fold.css" />');
    }, fakeShopData(), preloads, rendered([]));
    await withShell({ CATALOGUE_URL: 'http://cat.test:9001' }, async (base) => {
      const html = await (await fetch(`${base}/`)).text();
      expect(html).toContain('<link rel="preload" as="style" href="http://cat.test:9001/home.css" />');
      expect(html).not.toContain('below-fold.css');
      expect(html).not.toContain('rel="stylesheet" href="http://cat.test');
    }, fakeShopData(), preloads, null);
  });

  it('renders no personal or missing page on the server', async () => {
    const calls = [];
    await withShell({}, async (base) => {
      for (const path of ['/account/orders', '/cart', '/checkout', '/competition/info/404404', '/no/such/page']) {
        const html = await (await fetch(`${base}${path}`)).text();
        expect(html).toContain('<div id="root"></div>');
        expect(html).not.toContain('"rendered":true');
      }
    }, fakeShopData(), noPreloads, rendered(calls));
    expect(calls).toEqual([]);
  });

  it('leaves the page to the browser when the render gives up', async () => {
    await withShell({}, async (base) => {
      const html = await (await fetch(`${base}/`)).text();
      expect(html).toContain('<div id="root"></div>');
    }, fakeShopData(), noPreloads, async () => null);
  });
});
