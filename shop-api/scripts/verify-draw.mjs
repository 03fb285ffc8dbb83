#!/usr/bin/env node
/*
 * Recomputes a CGG Competitions draw from its published data. Plain Node (>= 18), no
 * dependencies. Usage:
 *
 *   node verify-draw.mjs --entries entries.csv --seed <hex> [--commitment <hex>] [--entry-list-sha256 <hex>] [--winner <ticket>]
 *   node verify-draw.mjs --site https://example.com --competition 12
 *
 * The second form downloads the proof (draw_proof) and the entry list (draw_entries)
 * from the site and checks everything. Exit code 0: every check passed; 1: a check
 * failed; 2: bad usage.
 *
 * The function (same as the server's src/draws/draw-function.ts):
 *   commitment = SHA-256(seed)
 *   list hash  = SHA-256(entry list CSV bytes), hex
 *   for r = 0, 1, 2, ...: h = HMAC-SHA256(key=seed, msg=listHash + ":" + r) as a 256-bit
 *   big-endian integer; the first h below 2^256 - (2^256 mod count) gives index = h mod count.
 *   The winner is the index-th entry (0-based) of the list, which is in ticket number order.
 */
import { createHash, createHmac } from 'node:crypto';
import { readFileSync, realpathSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

const SPACE = 1n << 256n;

export function sha256Hex(data) {
  return createHash('sha256').update(data).digest('hex');
}

export function parseEntryList(csv) {
  const lines = csv.split('\n');
  if (lines[0] !== 'ticket_number,entry_type') throw new Error('the entry list must start with the header "ticket_number,entry_type"');
  const entries = [];
  for (const line of lines.slice(1)) {
    if (line === '') continue;
    const m = /^(\d+),(paid|postal)$/.exec(line);
    if (!m) throw new Error(`bad entry line: ${JSON.stringify(line)}`);
    entries.push({ ticket_number: Number(m[1]), entry_type: m[2] });
  }
  for (let i = 1; i < entries.length; i++) {
    if (entries[i].ticket_number <= entries[i - 1].ticket_number) throw new Error('entries must be in ascending ticket number order');
  }
  return entries;
}

export function winningIndex(seedHex, listHash, count) {
  const seed = Buffer.from(seedHex, 'hex');
  const n = BigInt(count);
  const limit = SPACE - (SPACE % n);
  for (let r = 0; ; r++) {
    const h = BigInt(`0x${createHmac('sha256', seed).update(`${listHash}:${r}`).digest('hex')}`);
    if (h < limit) return { index: Number(h % n), rounds: r + 1 };
  }
}

/** Every check on the published data; returns the recomputed winner and the list of failures. */
export function verifyDraw({ csv, seed, commitment, entryListSha256, winner }) {
  const failures = [];
  if (!/^[0-9a-f]{64}$/.test(seed)) failures.push('the seed must be 64 hex characters (32 bytes)');
  const entries = parseEntryList(csv);
  const listHash = sha256Hex(Buffer.from(csv, 'utf8'));
  if (commitment && sha256Hex(Buffer.from(seed, 'hex')) !== commitment) failures.push('SHA-256(seed) does not match the published commitment');
  if (entryListSha256 && listHash !== entryListSha256) failures.push('SHA-256(entry list) does not match the published hash');
  if (entries.length === 0 || failures.length > 0) {
    if (winner !== undefined && winner !== null && entries.length === 0) failures.push('a winner was published for an empty entry list');
    return { entries: entries.length, listHash, winner: null, failures };
  }
  const { index, rounds } = winningIndex(seed, listHash, entries.length);
  const entry = entries[index];
  if (winner !== undefined && winner !== null && Number(winner) !== entry.ticket_number) {
    failures.push(`the published winning ticket ${winner} is not the recomputed ${entry.ticket_number}`);
  }
  return { entries: entries.length, listHash, winner: { index, rounds, ...entry }, failures };
}

function flags(argv) {
  const out = {};
  for (let i = 0; i < argv.length; i++) {
    const m = /^--([a-z0-9-]+)(?:=(.*))?$/.exec(argv[i]);
    if (!m) throw new Error(`unexpected argument ${argv[i]}`);
    out[m[1]] = m[2] ?? argv[++i];
    if (out[m[1]] === undefined) throw new Error(`--${m[1]} needs a value`);
  }
  return out;
}

async function fromSite(site, id) {
  const base = site.replace(/\/+$/, '');
  const res = await fetch(`${base}/?rest_route=/api/v1/draw_proof`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ id: Number(id) }),
  });
  if (!res.ok) throw new Error(`draw_proof answered ${res.status}`);
  const proof = (await res.json()).data;
  if (!proof.seed) throw new Error('this competition has not been drawn yet (the seed is still secret)');
  const csvRes = await fetch(`${base}${proof.entry_list_url}`);
  if (!csvRes.ok) throw new Error(`the entry list answered ${csvRes.status}`);
  return {
    csv: await csvRes.text(),
    seed: proof.seed,
    commitment: proof.commitment,
    entryListSha256: proof.entry_list_sha256,
    winner: proof.winning_ticket_number,
  };
}

const USAGE = 'Usage: node verify-draw.mjs --entries <entries.csv> --seed <hex> [--commitment <hex>] [--entry-list-sha256 <hex>] [--winner <ticket>]\n       node verify-draw.mjs --site <https://site> --competition <id>';

async function main(argv) {
  if (argv.length === 1 && (argv[0] === '--help' || argv[0] === '-h')) {
    console.log(`Recomputes a CGG Competitions draw from its published data.\n${USAGE}\nExit code 0: every check passed; 1: a check failed; 2: bad usage.`);
    return 0;
  }
  let f;
  try {
    f = flags(argv);
  } catch (err) {
    console.error(err.message);
    return 2;
  }
  let input;
  if (f.site && f.competition) input = await fromSite(f.site, f.competition);
  else if (f.entries && f.seed) {
    input = { csv: readFileSync(f.entries, 'utf8'), seed: f.seed.toLowerCase(), commitment: f.commitment?.toLowerCase(), entryListSha256: f['entry-list-sha256']?.toLowerCase(), winner: f.winner };
  } else {
    console.error(USAGE);
    return 2;
  }
  const result = verifyDraw(input);
  console.log(`entries:            ${result.entries}`);
  console.log(`entry list SHA-256: ${result.listHash}`);
  if (result.winner) console.log(`winning index:      ${result.winner.index} (after ${result.winner.rounds} HMAC round${result.winner.rounds === 1 ? '' : 's'})\nwinning ticket:     ${result.winner.ticket_number} (${result.winner.entry_type})`);
  else console.log('winning ticket:     none (no entries)');
  for (const failure of result.failures) console.log(`FAILED: ${failure}`);
  if (result.failures.length === 0) console.log('OK: the published data reproduces this result.');
  return result.failures.length === 0 ? 0 : 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(realpathSync(process.argv[1])).href) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err) => {
      console.error(`FAILED: ${err.message}`);
      process.exit(1);
    },
  );
}
