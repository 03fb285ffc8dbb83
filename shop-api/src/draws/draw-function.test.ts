import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
// The standalone script anyone runs; the server's function must agree with it.
import { verifyDraw } from '../../scripts/verify-draw.mjs';
import { commitmentOf, drawFromEntries, entryListCsv, sha256Hex, winningIndex, type DrawEntry } from './draw-function.ts';

const SCRIPT = path.resolve(import.meta.dirname, '../../scripts/verify-draw.mjs');
/** Deterministic seeds: the statistics below are fixed, never flaky. */
const fixedSeed = (i: number): Buffer => createHash('sha256').update(`cgg-fixed-seed-${i}`).digest();
const entries = (n: number, postalEvery = 7): DrawEntry[] =>
  Array.from({ length: n }, (_, i) => ({ ticket_number: 3 * i + 1, entry_type: i % postalEvery === 0 ? 'postal' : 'paid' }));

/** Pearson's chi-square statistic of observed counts against a uniform expectation. */
function chiSquare(counts: number[]): number {
  const total = counts.reduce((a, b) => a + b, 0);
  const expected = total / counts.length;
  return counts.reduce((s, o) => s + (o - expected) ** 2 / expected, 0);
}
/** Chi-square critical value, 99 degrees of freedom, p = 0.001. */
const CHI2_99_P001 = 148.23;

describe('draw function', () => {
  it('publishes the list as ticket numbers and entry types only, in ticket order', () => {
    const csv = entryListCsv([{ ticket_number: 12, entry_type: 'paid' }, { ticket_number: 3, entry_type: 'postal' }]);
    expect(csv).toBe('ticket_number,entry_type\n3,postal\n12,paid\n');
  });

  it('is reproducible: the same seed and entries always give the same winner, and the order of input does not matter', () => {
    const list = entries(500);
    const a = drawFromEntries(fixedSeed(1), list);
    const b = drawFromEntries(fixedSeed(1), [...list].reverse());
    expect(b).toEqual(a);
    expect(a.entryListHash).toBe(sha256Hex(a.csv));
    expect(drawFromEntries(fixedSeed(2), list).winner!.index).not.toBe(a.winner!.index);
  });

  it('closes with no winner when there are no entries', () => {
    expect(drawFromEntries(fixedSeed(1), []).winner).toBeNull();
  });

  it('agrees with the standalone verify script (imported and run as a process)', async () => {
    const list = entries(1234);
    const seed = fixedSeed(7);
    const outcome = drawFromEntries(seed, list);
    const checked = verifyDraw({ csv: outcome.csv, seed: seed.toString('hex'), commitment: commitmentOf(seed), entryListSha256: outcome.entryListHash, winner: outcome.winner!.entry.ticket_number });
    expect(checked.failures).toEqual([]);
    expect(checked.winner?.ticket_number).toBe(outcome.winner!.entry.ticket_number);

    const dir = mkdtempSync(path.join(tmpdir(), 'cgg-verify-'));
    const file = path.join(dir, 'entries.csv');
    writeFileSync(file, outcome.csv);
    const { stdout } = await promisify(execFile)(process.execPath, [SCRIPT, '--entries', file, '--seed', seed.toString('hex'), '--commitment', commitmentOf(seed), '--winner', String(outcome.winner!.entry.ticket_number)]);
    expect(stdout).toContain(`winning ticket:     ${outcome.winner!.entry.ticket_number}`);
    expect(stdout).toContain('OK: the published data reproduces this result.');

    // A wrong seed (commitment mismatch) or a tampered list fails, with exit code 1.
    const wrong = await promisify(execFile)(process.execPath, [SCRIPT, '--entries', file, '--seed', fixedSeed(8).toString('hex'), '--commitment', commitmentOf(seed)]).catch((e: { code: number; stdout: string }) => e);
    expect((wrong as { code: number }).code).toBe(1);
    expect((wrong as { stdout: string }).stdout).toContain('does not match the published commitment');
    const tampered = verifyDraw({ csv: outcome.csv.replace('\n4,paid\n', '\n5,paid\n'), seed: seed.toString('hex'), entryListSha256: outcome.entryListHash });
    expect(tampered.failures).toContain('SHA-256(entry list) does not match the published hash');
  });

  it('the verifier answers --help with its usage (exit 0), and no arguments with the usage as bad use (exit 2)', async () => {
    const help = await promisify(execFile)(process.execPath, [SCRIPT, '--help']);
    expect(help.stdout).toContain('Usage: node verify-draw.mjs --entries <entries.csv> --seed <hex>');
    const bare = await promisify(execFile)(process.execPath, [SCRIPT]).catch((e: { code: number; stderr: string }) => e);
    expect(bare).toMatchObject({ code: 2, stderr: expect.stringContaining('Usage: node verify-draw.mjs') });
  });

  it('gives every entry the same chance: chi-square over 20,000 seeded draws of 100 entries', () => {
    const list = entries(100);
    const hash = sha256Hex(entryListCsv(list));
    const counts = new Array<number>(100).fill(0);
    for (let i = 0; i < 20_000; i++) counts[winningIndex(fixedSeed(i), hash, 100).index]!++;
    expect(chiSquare(counts)).toBeLessThan(CHI2_99_P001);
  });

  it('the chi-square test can fail: it catches a modulo-biased function (one byte mod 100)', () => {
    const counts = new Array<number>(100).fill(0);
    for (let i = 0; i < 20_000; i++) counts[fixedSeed(i)[0]! % 100]!++;
    expect(chiSquare(counts)).toBeGreaterThan(CHI2_99_P001);
  });

  it('rejection sampling: a count just over a power of two still lands in range', () => {
    const n = 2 ** 31 + 1;
    const { index, rounds } = winningIndex(fixedSeed(3), sha256Hex('x'), n);
    expect(index).toBeGreaterThanOrEqual(0);
    expect(index).toBeLessThan(n);
    expect(rounds).toBeGreaterThanOrEqual(1);
  });
});
