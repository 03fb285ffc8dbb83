import { readFile } from 'node:fs/promises';
import { parseFlags, type Command } from '../command.ts';
import { checkNewCompetition, problemLines } from '@cgg/contracts/staff';
import { CompetitionRefused, createCompetitionFromFile } from '../../competitions/competition-writer.ts';
import { findBadString } from '../../http/reject-bad-strings.ts';
import { operatorName, required } from '../cli-helpers.ts';

/** Reads and parses a JSON file; a message (not a stack) when it cannot. */
export async function readJsonFile(file: string): Promise<{ ok: true; value: unknown } | { ok: false; message: string }> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    return { ok: false, message: `Cannot read ${file}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}` };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    return { ok: false, message: `${file} is not valid JSON: ${(err as Error).message}` };
  }
  // What the API refuses at its edge (a NUL, a lone surrogate) the database would refuse here.
  const bad = findBadString(value);
  return bad ? { ok: false, message: `${file}: ${bad.field}: ${bad.reason} Nothing was changed.` } : { ok: true, value };
}

/** `competition-create --file comp.json`: a new competition, with its draw commitment. */
export const competitionCreateCommand: Command = {
  name: 'competition-create',
  usage: 'competition-create --file <competition.json> [--by <operator>]',
  summary: 'Create a competition from a JSON file (fields in README "Operator CLI"); publishes its draw commitment.',
  async run(args, ctx) {
    const out = ctx.out ?? console.log;
    const flags = parseFlags(args, ['file', 'by']);
    const file = required(flags, 'file');
    const json = await readJsonFile(file);
    if (!json.ok) {
      out(json.message);
      return 1;
    }
    const parsed = checkNewCompetition(json.value);
    if (!parsed.ok) {
      out(`${file} is not a valid competition; nothing was created:\n  ${problemLines(parsed.problems).join('\n  ')}`);
      return 1;
    }
    try {
      const { id, commitment, instantWinNumbers } = await createCompetitionFromFile(ctx.pool, parsed.value, (ctx.now ?? (() => new Date()))(), { staffId: null, actor: `cli:${operatorName(flags.by, ctx.operator)}` });
      out(`Created competition #${id}: ${parsed.value.title}`);
      if (instantWinNumbers > 0) out(`Instant wins: ${parsed.value.instant_wins.length} prize(s) on ${instantWinNumbers} ticket numbers drawn at random (fixed once tickets sell).`);
      if (parsed.value.reward_wins.length > 0) out(`Reward wins at ${parsed.value.reward_wins.map((r) => `${r.percentage}%`).join(', ')} of tickets sold.`);
      out(`Draw commitment (SHA-256 of its secret seed): ${commitment}`);
      return 0;
    } catch (err) {
      if (err instanceof CompetitionRefused) {
        out(`Nothing was created: ${err.message}`);
        return 1;
      }
      throw err;
    }
  },
};
