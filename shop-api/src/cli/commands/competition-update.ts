import { parseFlags, type Command } from '../command.ts';
import { competitionPatch, crossFieldErrors, issueLines } from '../competition-input.ts';
import { CompetitionRefused, updateCompetitionFromFile } from '../competition-writer.ts';
import { operatorName, positiveInt, required } from '../cli-helpers.ts';
import { readJsonFile } from './competition-create.ts';

/** `competition-update --id 12 --file changes.json`: changes the fields in the file, nothing else. */
export const competitionUpdateCommand: Command = {
  name: 'competition-update',
  usage: 'competition-update --id <competition id> --file <changes.json> [--by <operator>]',
  summary: 'Update a competition from a JSON file holding any of the create fields (refused once drawn).',
  async run(args, ctx) {
    const out = ctx.out ?? console.log;
    const flags = parseFlags(args, ['id', 'file', 'by']);
    const id = positiveInt(required(flags, 'id'), 'id');
    const file = required(flags, 'file');
    const json = await readJsonFile(file);
    if (!json.ok) {
      out(json.message);
      return 1;
    }
    const parsed = competitionPatch.safeParse(json.value);
    if (!parsed.success) {
      out(`${file} is not a valid change; nothing was changed:\n  ${issueLines(parsed.error).join('\n  ')}`);
      return 1;
    }
    const cross = crossFieldErrors(parsed.data);
    if (cross.length > 0 || Object.keys(parsed.data).length === 0) {
      out(`${file} is not a valid change; nothing was changed:\n  ${cross.length ? cross.join('\n  ') : '(file): names no field to change'}`);
      return 1;
    }
    try {
      const changed = await updateCompetitionFromFile(ctx.pool, id, parsed.data, (ctx.now ?? (() => new Date()))(), { staffId: null, actor: `cli:${operatorName(flags.by)}` });
      out(`Updated competition #${id}: ${changed.join(', ')}`);
      return 0;
    } catch (err) {
      if (err instanceof CompetitionRefused) {
        out(`Nothing was changed: ${err.message}`);
        return 1;
      }
      throw err;
    }
  },
};
