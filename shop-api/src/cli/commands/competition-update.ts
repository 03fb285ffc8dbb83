import { parseFlags, type Command } from '../command.ts';
import { checkCompetitionPatch, problemLines } from '@cgg/contracts/staff';
import { CompetitionRefused, updateCompetitionFromFile } from '../../competitions/competition-writer.ts';
import { operatorName, positiveInt, required } from '../cli-helpers.ts';
import { readJsonFile } from './competition-create.ts';

/** `competition-update --id 12 --file changes.json`: changes the fields in the file, nothing else. */
export const competitionUpdateCommand: Command = {
  name: 'competition-update',
  usage: 'competition-update --id <competition id> --file <changes.json> [--reason <why>] [--by <operator>]',
  summary: 'Update a competition from a JSON file holding any of the create fields (refused once drawn; once tickets are sold the draw never moves later; --reason goes in the audit log).',
  async run(args, ctx) {
    const out = ctx.out ?? console.log;
    const flags = parseFlags(args, ['id', 'file', 'reason', 'by']);
    const id = positiveInt(required(flags, 'id'), 'id');
    const file = required(flags, 'file');
    const json = await readJsonFile(file);
    if (!json.ok) {
      out(json.message);
      return 1;
    }
    const parsed = checkCompetitionPatch(json.value);
    if (!parsed.ok) {
      out(`${file} is not a valid change; nothing was changed:\n  ${problemLines(parsed.problems).join('\n  ')}`);
      return 1;
    }
    try {
      const { changed } = await updateCompetitionFromFile(ctx.pool, id, parsed.value, (ctx.now ?? (() => new Date()))(), { staffId: null, actor: `cli:${operatorName(flags.by, ctx.operator)}`, reason: typeof flags.reason === 'string' ? flags.reason : undefined });
      out(changed.length === 0 ? `Competition #${id}: every field in the file is already as it says; nothing changed.` : `Updated competition #${id}: ${changed.join(', ')}`);
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
