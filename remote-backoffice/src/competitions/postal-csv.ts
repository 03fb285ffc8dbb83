import { postalEntryLineSchema, type PostalEntryLine } from '@cgg/contracts/staff';

export type ParsedLine = { line: number; entry: PostalEntryLine; problem: null } | { line: number; entry: null; problem: string; text: string; cells: string[] };

/** A CSV row and the line of the text it starts on (1-based, blank lines counted), as staff see it in the box. */
export interface CsvRow {
  cells: string[];
  line: number;
}

/** Splits CSV text into rows of cells: commas, double-quoted cells with "" for a quote, any line ending; blank rows left out. */
export function csvRowsAt(text: string): CsvRow[] {
  const rows: CsvRow[] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  // Lines of the text so far, and the one the row being read started on (a quoted cell may span lines).
  let line = 1;
  let rowLine = 1;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else {
        if (ch === '\n') line++;
        cell += ch;
      }
    } else if (ch === '"' && cell === '') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(cell);
      rows.push({ cells: row, line: rowLine });
      row = [];
      cell = '';
      line++;
      rowLine = line;
    } else cell += ch;
  }
  if (cell !== '' || row.length > 0) rows.push({ cells: [...row, cell], line: rowLine });
  return rows.filter((r) => r.cells.some((c) => c.trim() !== ''));
}

/** The cells up to the last one with text in it. */
export function withoutTrailingEmpty(cells: readonly string[]): string[] {
  let end = cells.length;
  while (end > 0 && cells[end - 1]!.trim() === '') end--;
  return cells.slice(0, end);
}

/** The rows of cells alone (csvRowsAt). */
export const csvRows = (text: string): string[][] => csvRowsAt(text).map((r) => r.cells);

/**
 * A date of birth as staff copy it from a card: 'YYYY-MM-DD', or the UK's 'DD/MM/YYYY' (also
 * with dots or dashes, and single-digit days and months), as 'YYYY-MM-DD'. Anything else is
 * returned as written, for the schema to name what is wrong.
 */
export function isoDateOfBirth(written: string): string {
  const text = written.trim();
  const uk = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text);
  return uk ? `${uk[3]}-${uk[2]!.padStart(2, '0')}-${uk[1]!.padStart(2, '0')}` : text;
}

const POSTAL_CELLS = ['name', 'email', 'date_of_birth', 'town', 'answer'];

/**
 * Postal entries from a CSV of `name,email,date_of_birth,town,answer` (town and answer may be
 * empty; a first row of those headings is skipped), each checked as the API will check it, so the
 * preview shows which lines will be recorded and why the others will not.
 */
export function parsePostalCsv(text: string): ParsedLine[] {
  const rows = csvRowsAt(text);
  const header = rows[0]?.cells.map((c) => c.trim().toLowerCase());
  const start = header && header[0] === 'name' && header[1] === 'email' ? 1 : 0;
  return rows.slice(start).map(({ cells: all, line }) => {
    // A spreadsheet's export may end lines with empty cells: only cells with text are counted.
    const cells = withoutTrailingEmpty(all);
    if (cells.length > POSTAL_CELLS.length) {
      return { line, entry: null, problem: `Has ${cells.length} cells; a line is ${POSTAL_CELLS.join(',')} (put a cell holding a comma in double quotes).`, text: cells.join(', '), cells };
    }
    const [full_name = '', email = '', born = '', town = '', answer = ''] = cells;
    const parsed = postalEntryLineSchema.safeParse({ full_name, email, date_of_birth: isoDateOfBirth(born), ...(town.trim() ? { town } : {}), ...(answer.trim() ? { answer } : {}) });
    if (parsed.success) return { line, entry: parsed.data, problem: null };
    return { line, entry: null, problem: parsed.error.issues[0]?.message ?? 'Not a valid entry.', text: cells.join(', '), cells };
  });
}

/** One CSV line of cells, quoted where a cell holds a comma, quote or line break, so csvRows reads it back the same. */
export function csvLine(cells: readonly string[]): string {
  return cells.map((c) => (/[",\r\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(',');
}

/** A postal entry as a CSV line of the batch box (name,email,date_of_birth,town,answer), its empty trailing cells left off. */
export function postalCsvLine(entry: PostalEntryLine): string {
  const cells = [entry.full_name, entry.email, entry.date_of_birth, entry.town ?? '', entry.answer ?? ''];
  while (cells.length > 3 && cells.at(-1) === '') cells.pop();
  return csvLine(cells);
}
