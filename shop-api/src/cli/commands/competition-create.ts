import { readFile } from 'node:fs/promises';
import { parseFlags, type Command } from '../command.ts';
import { competitionFields, crossFieldErrors, issueLines } from '../competition-input.ts';
import { CompetitionRefused, createCompetitionFromFile } from '../competition-writer.ts';
import { operatorName, required } from '../cli-helpers.ts';

/** Reads and parses a JSON file; a message (not a stack) when it cannot. */
export async function readJsonFile(file: string): Promise<{ ok: true; value: unknown } | { ok: false; message: string }> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    return { ok: false, message: `Cannot read ${file}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}` };
  }
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (err) {
    return { ok: false, message: `${file} is not valid JSON: ${(err as Error).message}` };
  }
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
    const parsed = competitionFields.safeParse(json.value);
    if (!parsed.success) {
      out(`${file} is not a valid competition; nothing was created:\n  ${issueLines(parsed.error).join('\n  ')}`);
      return 1;
    }
    const cross = crossFieldErrors(parsed.data);
    if (cross.length > 0) {
      out(`${file} is not a valid competition; nothing was created:\n  ${cross.join('\n  ')}`);
      return 1;
    }
    try {
      const { id, commitment, instantWinNumbers } = await createCompetitionFromFile(ctx.pool, parsed.data, (ctx.now ?? (() => new Date()))(), { staffId: null, actor: `cli:${operatorName(flags.by)}` });
      out(`Created competition #${id}: ${parsed.data.title}`);
      if (instantWinNumbers > 0) out(`Instant wins: ${parsed.data.instant_wins.length} prize(s) on ${instantWinNumbers} ticket numbers drawn at random (fixed once tickets sell).`);
      if (parsed.data.reward_wins.length > 0) out(`Reward wins at ${parsed.data.reward_wins.map((r) => `${r.percentage}%`).join(', ')} of tickets sold.`);
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
