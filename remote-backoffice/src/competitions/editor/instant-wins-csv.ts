import { instantWinPrizeSchema, schemaProblems } from '@cgg/contracts/staff';
import { csvRowsAt, withoutTrailingEmpty } from '../postal-csv.ts';
import { pounds, type PrizeRow } from './competition-form.ts';

export type ParsedPrize = { line: number; prize: PrizeRow; problem: null } | { line: number; prize: null; problem: string; text: string };

const HEADINGS = ['title', 'prize_value', 'quantity', 'image'];

/**
 * Instant-win prizes from a CSV of `title,prize_value,quantity,image` (image may be left out; a
 * first row of those headings is skipped), each checked as the API will check it, so the preview
 * shows what will be created and why any line will not.
 */
export function parseInstantWinsCsv(text: string): ParsedPrize[] {
  const rows = csvRowsAt(text);
  const first = rows[0]?.cells.map((c) => c.trim().toLowerCase());
  const body = first && HEADINGS.slice(0, 3).every((h, i) => first[i] === h) ? rows.slice(1) : rows;
  return body.map(({ cells: all, line }) => {
    const cells = withoutTrailingEmpty(all);
    const [title = '', prize_value = '', quantity = '', image = ''] = cells.map((c) => c.trim());
    if (cells.length > 4) return { line, prize: null, problem: 'has more than 4 cells (title, prize_value, quantity, image)', text: cells.join(',') };
    const candidate = { title, prize_value: pounds(prize_value), quantity: /^\d+$/.test(quantity) ? Number(quantity) : quantity, ...(image ? { image } : {}) };
    const checked = instantWinPrizeSchema.safeParse(candidate);
    if (!checked.success) {
      return { line, prize: null, problem: schemaProblems(checked.error.issues).map((p) => `${p.field}: ${p.message}`).join('; '), text: cells.join(',') };
    }
    return { line, prize: { title: checked.data.title, prize_value: checked.data.prize_value, quantity, image }, problem: null };
  });
}
