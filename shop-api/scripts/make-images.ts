/*
 * Draws the seeded competition images as small SVGs (gradient, a simple prize
 * motif, the prize name) into public/wp-content/uploads/competitions/. Run once
 * with `tsx scripts/make-images.ts`; the output is committed, so nothing is
 * fetched at run time.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { competitionSeeds, type CategorySlug } from '../src/seed/competition-seeds.ts';
import { galleryKey } from '../src/seed/seed.ts';

const outDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'public', 'wp-content', 'uploads', 'competitions');

const palettes: Record<CategorySlug, [string, string, string]> = {
  cars: ['#0f172a', '#1e3a8a', '#60a5fa'],
  tech: ['#1e1b4b', '#6d28d9', '#c084fc'],
  cash: ['#052e16', '#15803d', '#4ade80'],
  holidays: ['#0c4a6e', '#0891b2', '#fcd34d'],
  lifestyle: ['#3b0764', '#9d174d', '#f9a8d4'],
};

const gold = '#ffc83d';

/** One motif per category, drawn in a 240x160 box centred at (400, 250). */
const motifs: Record<CategorySlug, (accent: string) => string> = {
  cars: (a) =>
    `<g transform="translate(260 170)"><path d="M20 110 L50 60 Q70 36 110 34 L190 34 Q222 36 240 62 L262 82 Q280 88 280 108 L280 124 L20 124 Z" fill="${a}"/>` +
    `<path d="M72 64 L98 44 L150 44 L150 64 Z M162 64 L162 44 L196 44 L224 64 Z" fill="#0b1020" opacity=".55"/>` +
    `<circle cx="78" cy="124" r="26" fill="#0b1020"/><circle cx="78" cy="124" r="12" fill="${gold}"/>` +
    `<circle cx="222" cy="124" r="26" fill="#0b1020"/><circle cx="222" cy="124" r="12" fill="${gold}"/></g>`,
  tech: (a) =>
    `<g transform="translate(270 150)"><rect x="20" y="0" width="220" height="140" rx="14" fill="#0b1020" stroke="${a}" stroke-width="8"/>` +
    `<rect x="40" y="20" width="180" height="100" rx="6" fill="${a}" opacity=".35"/><path d="M110 45 L160 70 L110 95 Z" fill="${gold}"/>` +
    `<rect x="0" y="150" width="260" height="14" rx="7" fill="${a}"/></g>`,
  cash: (a) =>
    `<g transform="translate(250 160)"><rect x="0" y="30" width="300" height="130" rx="14" fill="${a}" transform="rotate(-8 150 95)"/>` +
    `<rect x="0" y="30" width="300" height="130" rx="14" fill="#0b1020" opacity=".35" transform="rotate(4 150 95)"/>` +
    `<circle cx="150" cy="95" r="46" fill="${gold}"/><text x="150" y="114" font-size="56" font-weight="800" text-anchor="middle" fill="#14110a">£</text></g>`,
  holidays: (a) =>
    `<g transform="translate(250 140)"><circle cx="210" cy="50" r="44" fill="${a}"/>` +
    `<path d="M0 170 Q150 110 300 170 Z" fill="#0b1020" opacity=".45"/>` +
    `<path d="M120 170 Q126 100 104 40" stroke="#14110a" stroke-width="10" fill="none"/>` +
    `<path d="M104 40 Q60 20 30 50 M104 40 Q150 10 180 44 M104 40 Q80 70 60 100 M104 40 Q140 60 150 96" stroke="#22c55e" stroke-width="14" fill="none" stroke-linecap="round"/></g>`,
  lifestyle: (a) =>
    `<g transform="translate(330 130)"><rect x="45" y="0" width="50" height="190" rx="12" fill="#0b1020" opacity=".6"/>` +
    `<circle cx="70" cy="95" r="66" fill="${a}"/><circle cx="70" cy="95" r="52" fill="#0b1020"/>` +
    `<path d="M70 95 L70 60 M70 95 L96 108" stroke="${gold}" stroke-width="7" stroke-linecap="round"/></g>`,
};

const escapeXml = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Splits a title into at most two lines of about `max` characters. */
function lines(title: string, max = 24): string[] {
  const words = title.split(' ');
  const out: string[] = [''];
  for (const w of words) {
    const current = out[out.length - 1]!;
    if (current && (current + ' ' + w).length > max && out.length < 2) out.push(w);
    else out[out.length - 1] = current ? `${current} ${w}` : w;
  }
  return out;
}

/** On the root, so every text (the badge, the motif's glyphs, the title) is drawn sans-serif, not the renderer's default serif. */
const FONT = 'system-ui,-apple-system,Segoe UI,Roboto,sans-serif';

function svg(opts: { title: string; category: CategorySlug; variant: number; label: string }): string {
  const [dark, mid, accent] = palettes[opts.category];
  const angle = [0, 35, 70][opts.variant % 3];
  const title = lines(opts.title);
  const text = title
    .map((l, i) => `<text x="400" y="${488 + i * 52 - (title.length - 1) * 26}" font-size="44" font-weight="800" text-anchor="middle" fill="#fff">${escapeXml(l)}</text>`)
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 600" width="800" height="600" role="img" aria-label="${escapeXml(opts.title)}" font-family="${FONT}">` +
    `<defs><linearGradient id="g" gradientTransform="rotate(${angle} .5 .5)" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${dark}"/><stop offset="1" stop-color="${mid}"/></linearGradient></defs>` +
    `<rect width="800" height="600" fill="url(#g)"/>` +
    `<circle cx="${640 - opts.variant * 120}" cy="110" r="190" fill="${accent}" opacity=".14"/><circle cx="${120 + opts.variant * 90}" cy="520" r="150" fill="#fff" opacity=".06"/>` +
    motifs[opts.category](accent) +
    // Below the top 33 px that the shop's 3:2 frames (cards, details page) crop off this 4:3 image.
    `<rect x="32" y="56" width="${opts.label.length * 15 + 40}" height="46" rx="23" fill="${gold}"/>` +
    `<text x="52" y="88" font-size="24" font-weight="800" fill="#14110a">${escapeXml(opts.label)}</text>` +
    `${text}</svg>\n`;
}

async function main(): Promise<void> {
  await mkdir(outDir, { recursive: true });
  const files: Array<[string, string]> = [];
  for (const c of competitionSeeds) {
    files.push([c.key, svg({ title: c.title, category: c.category, variant: 0, label: 'WIN' })]);
    for (let n = 0; n < (c.galleryImages ?? 0); n++) {
      files.push([galleryKey(c.key, n), svg({ title: c.title, category: c.category, variant: n + 1, label: 'PRIZE' })]);
    }
  }
  files.push(['instant-cash', svg({ title: 'Instant Cash', category: 'cash', variant: 1, label: 'INSTANT WIN' })]);
  files.push(['instant-credit', svg({ title: 'Site Credit', category: 'tech', variant: 2, label: 'INSTANT WIN' })]);
  for (const [name, body] of files) {
    await writeFile(path.join(outDir, `${name}.svg`), body);
    if (body.length > 3072) console.warn(`${name}.svg is ${body.length} bytes`);
  }
  console.log(`wrote ${files.length} images to ${outDir}`);
}

await main();
