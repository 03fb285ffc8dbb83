import { randomInt } from 'node:crypto';

/** A uniform integer in [min, max): node:crypto's randomInt by default (tests may pass their own). */
export type RandomInt = (min: number, max: number) => number;

/**
 * `count` distinct ticket numbers drawn uniformly from 1..total with crypto randomness:
 * which tickets carry instant wins must not be guessable from a seed or a clock (a
 * non-cryptographic generator's state can be recovered from a few published numbers).
 * Sparse: rejection of repeats; dense (over half the range): a partial Fisher-Yates
 * shuffle of the whole range. Returned in the order drawn (random), so handing them out to
 * prizes in turn does not put the biggest prize on the lowest numbers.
 */
export function drawInstantWinNumbers(count: number, total: number, random: RandomInt = randomInt): number[] {
  if (!Number.isInteger(count) || !Number.isInteger(total) || count < 0 || total < 1) throw new RangeError(`cannot draw ${count} numbers from 1..${total}`);
  if (count > total) throw new RangeError(`cannot draw ${count} distinct numbers from 1..${total}`);
  if (count * 2 <= total) {
    const picked = new Set<number>();
    while (picked.size < count) picked.add(random(1, total + 1));
    return [...picked];
  }
  const all = Array.from({ length: total }, (_, i) => i + 1);
  for (let i = 0; i < count; i++) {
    const j = random(i, total);
    [all[i], all[j]] = [all[j]!, all[i]!];
  }
  return all.slice(0, count);
}
