#!/usr/bin/env node
// Time from a checkout's commit to the instant-win pop-up showing in ANOTHER browser,
// over 20 winning checkouts, on the whole site started as `npm start` starts it (bench
// ports, throwaway data). Prints p50, p90 and max.
//
// What is measured, per win: the order commits somewhere between the checkout request
// leaving this script (t_sent) and its answer arriving (t_answer); t1 = when the pop-up element
// appeared in the other browser's page (a MutationObserver in the page reads Date.now();
// browser and script share this machine's clock). Because the pop-up shows at most once
// per 60 s per page, every win gets a fresh page whose feed listener is confirmed
// attached (the RTDB "listen" was acknowledged on its WebSocket) before the checkout.
// Printed: t1 - t_answer (a lower bound; negative when the pop-up beat the HTTP answer,
// which happens: the publisher wakes on the commit's NOTIFY) and t1 - t_sent (an upper
// bound, including the whole checkout).
// The path measured: commit -> NOTIFY -> publisher -> firebase-admin -> firebase-server
// -> browser WebSocket -> onChildAdded -> React render.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { root } from '../lib/paths.mjs';
import { benchEnv, withSite } from './with-site.mjs';

const WINS = Number(process.env.WINS ?? 20);
const requireE2e = createRequire(path.join(root, 'e2e', 'package.json'));
const requireApi = createRequire(path.join(root, 'shop-api', 'package.json'));
const { chromium } = requireE2e('@playwright/test');
const pg = requireApi('pg');
const NAMES = ['Alfa', 'Bravo', 'Charlie', 'Delta', 'Echo', 'Foxtrot', 'Golf', 'Hotel', 'India', 'Juliett', 'Kilo', 'Lima', 'Mike', 'November', 'Oscar', 'Papa', 'Quebec', 'Romeo', 'Sierra', 'Tango', 'Uniform', 'Victor', 'Whiskey', 'Xray', 'Yankee', 'Zulu'];

const apiUrl = `http://127.0.0.1:${benchEnv.API_PORT}`;
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function call(route, body, headers = {}) {
  const res = await fetch(`${apiUrl}/?rest_route=${route}`, { method: body === undefined ? 'GET' : 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: body === undefined ? undefined : JSON.stringify(body) });
  if (!res.ok) throw new Error(`${route}: ${res.status} ${await res.text()}`);
  return { body: await res.json(), headers: res.headers };
}

/** A competition in which every number wins (rows, as an operator would create it). */
async function allWinsCompetition(db, tickets) {
  const { rows: [c] } = await db.query(
    `INSERT INTO competitions (category_id, title, description, image, price_pence, total_tickets, max_tickets_per_user, closing_at, draw_at, prize_value_pence, enable_instant_wins)
     VALUES ((SELECT min(id) FROM categories), 'Instant-win latency bench', 'bench', (SELECT image FROM competitions ORDER BY id LIMIT 1), 99, $1, $1,
       now() + interval '7 days', now() + interval '7 days', 10000, true) RETURNING id, competition_product_id`,
    [tickets],
  );
  for (let n = 1; n <= tickets; n++) {
    const { rows: [p] } = await db.query(`INSERT INTO instant_win_prizes (competition_id, title, prize_value_pence, quantity) VALUES ($1, '£5 Site Credit', 500, 1) RETURNING id`, [c.id]);
    await db.query('INSERT INTO instant_win_tickets (competition_id, instant_win_prize_id, ticket_number) VALUES ($1, $2, $3)', [c.id, p.id, n]);
  }
  return c;
}

async function winningCheckout(firstName, productId) {
  const email = `${firstName.toLowerCase()}.${randomUUID().slice(0, 8)}@bench.test`;
  const { body: reg } = await call('/api/v1/register', { first_name: firstName, last_name: 'Bench', email, password: 'Winning-Ticket-2026!', over_18: true }, { Authorization: 'Bearer cgg-storefront' });
  const auth = { Authorization: `Bearer ${reg.data.token}` };
  const cart = await call('/wc/store/v1/cart', undefined, auth);
  const session = { ...auth, Nonce: cart.headers.get('nonce'), 'Cart-Token': cart.headers.get('cart-token') };
  await call('/wc/store/v1/cart/add-item', { id: productId, quantity: 1 }, session);
  const billing = { first_name: firstName, last_name: 'Bench', address_1: '1', address_2: 'High Street', city: 'Leeds', state: '', postcode: 'LS1 1AA', country: 'GB', email, phone: '07700900000' };
  // The provider's test debit card (issue 15: no card number reaches the API). The win is revealed
  // when the payment is confirmed, so "answered" is when the order is paid, as the buyer sees it.
  const payment_data = [{ key: 'payment_method_id', value: 'pm_card_visa_debit' }];
  const sentAt = Date.now();
  let { body } = await call('/wc/store/v1/checkout', { billing_address: billing, payment_method: 'cgg-card', payment_data }, { ...session, 'Idempotency-Key': randomUUID() });
  while (body.status === 'pending') {
    await new Promise((resolve) => setTimeout(resolve, 50));
    ({ body } = await call('/wc/store/v1/cgg/checkout-return', { order_id: body.order_id, order_key: body.order_key }, session));
  }
  const answeredAt = Date.now();
  if (body.status !== 'completed' || body.extensions.cgg.instant_wins.length !== 1) throw new Error(`the bench checkout did not win (${body.status})`);
  return { sentAt, answeredAt };
}

/** A fresh page whose feed listener is attached: resolves once the RTDB acknowledged its listen on the feed node. */
async function listeningPage(context, baseUrl) {
  const page = await context.newPage();
  await page.addInitScript(() => {
    new MutationObserver(() => {
      const el = document.querySelector('[data-testid="instant-win-popup"]');
      if (el && !window.__popupAt) window.__popupAt = { at: Date.now(), text: el.textContent };
    }).observe(document, { childList: true, subtree: true });
  });
  const listening = new Promise((resolve) => {
    page.on('websocket', (ws) => {
      let listenRequest = null;
      ws.on('framesent', (f) => {
        const m = /"r":(\d+),"a":"q","b":\{"p":"\/instant_wins"/.exec(String(f.payload));
        if (m) listenRequest = m[1];
      });
      ws.on('framereceived', (f) => {
        if (listenRequest && String(f.payload).includes(`"r":${listenRequest},"b":{"s":"ok"`)) resolve();
      });
    });
  });
  await page.goto(`${baseUrl}/`);
  await Promise.race([listening, new Promise((_, reject) => setTimeout(() => reject(new Error('the pop-up never started listening')), 30_000))]);
  return page;
}

await withSite(async (baseUrl) => {
  // The bench site's embedded PostgreSQL has its own password, kept beside its data folder.
  const password = readFileSync(path.join(benchEnv.DATA_DIR, 'postgres.password'), 'utf8').trim();
  const db = new pg.Client({ connectionString: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${benchEnv.PG_PORT}/cgg` });
  db.on('error', (err) => console.error(`[bench] database connection lost: ${err.message}`));
  await db.connect();
  const competition = await allWinsCompetition(db, WINS);
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  const context = await browser.newContext();
  const samples = [];
  const fromSent = [];
  try {
    for (let i = 0; i < WINS; i++) {
      const name = NAMES[i % NAMES.length];
      const page = await listeningPage(context, baseUrl);
      const { sentAt, answeredAt } = await winningCheckout(name, competition.competition_product_id);
      const shown = await (await page.waitForFunction(() => window.__popupAt, null, { timeout: 30_000 })).jsonValue();
      if (!shown.text.includes(`${name} just won`)) throw new Error(`pop-up showed another win: ${shown.text}`);
      samples.push(shown.at - answeredAt);
      fromSent.push(shown.at - sentAt);
      console.log(`win ${String(i + 1).padStart(2)}: ${shown.at - answeredAt} ms after the checkout answer (${shown.at - sentAt} ms after the request)`);
      // Let the page delete the record it read (100 ms) before it closes.
      await page.waitForTimeout(300);
      await page.close();
    }
  } finally {
    await browser.close();
    await db.end();
  }
  const line = (label, values) => {
    const sorted = [...values].sort((a, b) => a - b);
    console.log(`${label}: p50 ${percentile(sorted, 50)} ms, p90 ${percentile(sorted, 90)} ms, max ${sorted.at(-1)} ms, min ${sorted[0]} ms`);
  };
  console.log(`\ncheckout commit -> pop-up in another browser, ${samples.length} wins (the commit lies between these two):`);
  line('  from the checkout answer', samples);
  line('  from the checkout request', fromSent);
});
