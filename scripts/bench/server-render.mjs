#!/usr/bin/env node
// `node scripts/bench/server-render.mjs`: starts the site on the bench ports (as `npm start` does)
// and measures the shell's server render of the home page and a details page: one visitor at a
// time (latency to the whole HTML), then CONCURRENCY visitors for SECONDS (pages per second and
// latency under load). Every answer must be a server-rendered 200. Prints the figures.
import { performance } from 'node:perf_hooks';
import { aDetailsPath, withSite } from './with-site.mjs';

const SEQUENTIAL = Number(process.env.SEQUENTIAL ?? 40);
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 20);
const SECONDS = Number(process.env.SECONDS ?? 10);

const percentile = (values, p) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))];

async function page(url) {
  const start = performance.now();
  const res = await fetch(url, { headers: { 'Accept-Encoding': 'br' } });
  const html = await res.text();
  const ms = performance.now() - start;
  if (res.status !== 200 || !html.includes('data-server-rendered="true"')) throw new Error(`${url}: ${res.status}, not server-rendered`);
  return ms;
}

async function underLoad(url) {
  const times = [];
  const until = performance.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < until) times.push(await page(url));
    }),
  );
  return times;
}

const fmt = (ms) => `${Math.round(ms)} ms`;

await withSite(async (baseUrl) => {
  const pages = [
    ['home', `${baseUrl}/`],
    ['details', `${baseUrl}${await aDetailsPath(baseUrl)}`],
  ];
  console.log(`shell server render, whole HTML per request (brotli); ${SEQUENTIAL} one at a time, then ${CONCURRENCY} at once for ${SECONDS} s`);
  for (const [name, url] of pages) {
    for (let i = 0; i < 5; i += 1) await page(url); // warm: the remote's server entry is loaded once
    const alone = [];
    for (let i = 0; i < SEQUENTIAL; i += 1) alone.push(await page(url));
    const loaded = await underLoad(url);
    console.log(
      `${name.padEnd(8)} alone p50 ${fmt(percentile(alone, 50))} p95 ${fmt(percentile(alone, 95))} | ` +
        `${CONCURRENCY} at once: ${(loaded.length / SECONDS).toFixed(0)} pages/s, p50 ${fmt(percentile(loaded, 50))} p99 ${fmt(percentile(loaded, 99))}`,
    );
  }
});
