import { useState, type FormEvent } from 'react';
import { apiRequest, londonWallTimeToInstant } from '@cgg/contracts';
import { postalEntryLineSchema, staffCalls, staffPostalEntriesRequestSchema, type PostalEntryLine } from '@cgg/contracts/staff';
import { failureMessage, staffRequest } from '../api/staff-api.ts';
import { fieldErrorsOf, hasErrors, type FieldErrors } from '../components/field-errors.ts';
import { FormAlert } from '../components/form-alert.tsx';
import { TextField } from '../components/text-field.tsx';
import { useAskKey } from '../components/use-ask-key.ts';
import { inLondon } from '../components/london-time.ts';
import { csvLine, parsePostalCsv, postalCsvLine, type ParsedLine } from './postal-csv.ts';

type Result = { line: number; recorded: boolean; ticket_number: number | null; instant_wins: string[]; message: string | null };

function Results({ results, entries, keptInBox }: { results: Result[]; entries: PostalEntryLine[]; keptInBox: number }) {
  const recorded = results.filter((r) => r.recorded).length;
  return (
    <div role="status">
      <p>
        Recorded {recorded} of {results.length} {results.length === 1 ? 'entry' : 'entries'}.
      </p>
      {keptInBox > 0 && <p>{`The ${keptInBox === 1 ? 'line' : `${keptInBox} lines`} not recorded ${keptInBox === 1 ? 'is' : 'are'} back in the batch box, to mend and record again.`}</p>}
      <ul className="bo-results" aria-label="Postal entry results">
        {results.map((r) => (
          <li key={r.line}>
            {entries[r.line - 1]?.full_name}:{' '}
            {r.recorded ? `ticket ${r.ticket_number}${r.instant_wins.length ? `, instant win: ${r.instant_wins.join(', ')}` : ''}` : `not recorded: ${r.message}`}
          </li>
        ))}
      </ul>
    </div>
  );
}

const EMPTY_ENTRY = { full_name: '', email: '', date_of_birth: '', town: '', answer: '' };

/**
 * Why the arrival time cannot be sent (undefined: it can). Empty is now while entries are open;
 * once closed it must be said, and be before the close (the API checks the same).
 */
function receivedProblem(wall: string, closingAt: string, closed: boolean, now: number): string | undefined {
  const closes = inLondon(closingAt);
  if (!wall) return closed ? `Say when these entries arrived: only those that arrived before the close (${closes}) are entered.` : undefined;
  const at = londonWallTimeToInstant(wall);
  if (Number.isNaN(at)) return 'Enter the date and time these entries arrived.';
  if (at > now) return 'Entries cannot have arrived later than now.';
  if (at >= Date.parse(closingAt)) return `These entries arrived after the close (${closes}), so they are not entered.`;
  return undefined;
}

/**
 * Free postal entries for a competition that has not been drawn: one typed in, or a batch pasted
 * as CSV and previewed line by line before anything is recorded. The API applies the purchase
 * rules. When they arrived is asked once for both (a day's post): an entry that arrived before the
 * close is still entered after it, until the draw. Pressing again after a lost answer, the batch
 * mended or not, sends it under the same key: the API records only the entries it had not (a free
 * entry recorded twice is a second chance in the draw).
 */
export function PostalEntriesPanel({ competitionId, closingAt, closed, onRecorded }: { competitionId: number; closingAt: string; closed: boolean; onRecorded: () => void }) {
  const [one, setOne] = useState(EMPTY_ENTRY);
  // Empty is "now" while entries are open (the API's default, taken when sent, so a panel left open
  // never sends an old time); once closed it must be said.
  const [received, setReceived] = useState('');
  const [receivedError, setReceivedError] = useState<string | undefined>();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [csv, setCsv] = useState('');
  const [preview, setPreview] = useState<ParsedLine[] | null>(null);
  const [sent, setSent] = useState<{ results: Result[]; entries: PostalEntryLine[]; keptInBox: number } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const key = useAskKey();

  /** The API's answer line by line, or null when it gave none (the problem is shown). */
  async function record(entries: PostalEntryLine[]): Promise<Result[] | null> {
    if (busy) return null;
    const wall = received.trim().replace('T', ' ');
    const receivedWrong = receivedProblem(wall, closingAt, closed, Date.now());
    setReceivedError(receivedWrong);
    if (receivedWrong) return null;
    setProblem(null);
    setBusy(true);
    try {
      // One key until a batch is answered, even if it is mended in between: the API keys each entry by
      // it, the entrant and which of their entries it is, so entries already recorded are found.
      const answer = await staffRequest((o) => apiRequest(staffCalls.staffPostalEntries, { competition_id: competitionId, entries, ...(wall ? { received: wall } : {}), idempotency_key: key.keyFor(competitionId) }, o));
      key.done();
      setSent({ results: answer.data, entries, keptInBox: 0 });
      onRecorded();
      return answer.data;
    } catch (error) {
      setProblem(failureMessage(error));
      return null;
    } finally {
      setBusy(false);
    }
  }

  async function submitOne(event: FormEvent) {
    event.preventDefault();
    const entry = { full_name: one.full_name, email: one.email, date_of_birth: one.date_of_birth, ...(one.town.trim() ? { town: one.town } : {}), ...(one.answer.trim() ? { answer: one.answer } : {}) };
    const parsed = postalEntryLineSchema.safeParse(entry);
    const found = parsed.success ? {} : fieldErrorsOf(parsed.error.issues);
    setErrors(found);
    if (hasErrors(found) || !parsed.success) return;
    // Emptied only once recorded: a refused entry (a wrong answer, say) stays to be mended.
    if ((await record([parsed.data]))?.[0]?.recorded) setOne(EMPTY_ENTRY);
  }

  const valid = preview?.flatMap((p) => (p.entry ? [p.entry] : [])) ?? [];
  // The batch as the API will judge it (its size: at most 500 a request), said before it is sent.
  const batch = valid.length > 0 ? staffPostalEntriesRequestSchema.safeParse({ competition_id: competitionId, entries: valid }) : null;
  const batchRefusal = batch && !batch.success ? batch.error.issues[0]!.message : null;
  const set = (field: keyof typeof one) => (value: string) => setOne((o) => ({ ...o, [field]: value }));

  return (
    <section className="bo-card" aria-labelledby="bo-postal-title">
      <h2 id="bo-postal-title" className="bo-card__title">
        Free postal entries
      </h2>
      <FormAlert message={problem} />
      {sent && <Results results={sent.results} entries={sent.entries} keptInBox={sent.keptInBox} />}
      <TextField
        name="postal-received"
        label="When these entries arrived (London time)"
        type="datetime-local"
        value={received}
        onChange={setReceived}
        error={receivedError}
        hint={closed ? `Entries closed ${inLondon(closingAt)}. Entries that arrived before then are still entered, until the draw.` : 'For the entry typed in and for a batch; leave it empty for now. Only entries that arrived before the close are entered.'}
      />
      <form className="bo-form" onSubmit={submitOne} noValidate aria-label="Record a postal entry">
        <TextField name="postal-name" label="Entrant's name" value={one.full_name} onChange={set('full_name')} error={errors.full_name} maxLength={200} />
        <TextField name="postal-email" label="Entrant's email" type="email" value={one.email} onChange={set('email')} error={errors.email} maxLength={254} />
        <TextField name="postal-born" label="Date of birth written on the entry" type="date" value={one.date_of_birth} onChange={set('date_of_birth')} error={errors.date_of_birth} />
        <TextField name="postal-town" label="Town (optional)" value={one.town} onChange={set('town')} maxLength={100} />
        <TextField name="postal-answer" label="Answer written on the entry (if the competition asks one)" value={one.answer} onChange={set('answer')} maxLength={200} />
        <button type="submit" className="bo-small-button" aria-disabled={busy || undefined}>
          Record entry
        </button>
      </form>
      <form
        className="bo-form"
        aria-label="Record a batch of postal entries"
        onSubmit={(e) => {
          e.preventDefault();
          setSent(null);
          setPreview(parsePostalCsv(csv));
        }}
      >
        <div className="bo-field">
          <label htmlFor="bo-postal-csv" className="bo-field__label">
            Or paste a batch as CSV: name,email,date_of_birth,town,answer
          </label>
          <textarea
            id="bo-postal-csv"
            className="bo-field__input"
            rows={5}
            value={csv}
            onChange={(e) => {
              setCsv(e.target.value);
              setPreview(null);
            }}
          />
        </div>
        <button type="submit" className="bo-small-button" disabled={!csv.trim()}>
          Preview
        </button>
      </form>
      {preview && (
        <div aria-label="Batch preview" role="region">
          <p>
            {valid.length} of {preview.length} lines will be recorded{preview.length > valid.length ? '; the others are shown with what is wrong' : ''}. The API applies the purchase rules as it records each one.
          </p>
          <ol className="bo-results">
            {preview.map((p) => (
              <li key={p.line}>{p.entry ? `${p.entry.full_name} <${p.entry.email}>, born ${p.entry.date_of_birth}${p.entry.town ? `, ${p.entry.town}` : ''}` : `Line ${p.line} (${p.text}): ${p.problem}`}</li>
            ))}
          </ol>
          <FormAlert message={batchRefusal} />
          <button
            type="button"
            className="bo-button"
            disabled={valid.length === 0 || batchRefusal !== null}
            aria-disabled={busy || undefined}
            onClick={() =>
              void record(valid).then((results) => {
                if (!results) return;
                // What was not recorded (lines the preview found wrong, entries the API refused) stays in
                // the box to be mended, so nobody types them again; what was recorded leaves it.
                // In the pasted order: the n-th valid line was the API's line n.
                const refused = new Set(results.filter((r) => !r.recorded).map((r) => r.line));
                let sentLine = 0;
                const left = preview.flatMap((p) => {
                  if (!p.entry) return [csvLine(p.cells)];
                  sentLine += 1;
                  return refused.has(sentLine) ? [postalCsvLine(p.entry)] : [];
                });
                setCsv(left.join('\n'));
                setPreview(null);
                setSent((s) => s && { ...s, keptInBox: left.length });
              })
            }
          >
            Record {valid.length} {valid.length === 1 ? 'entry' : 'entries'}
          </button>
        </div>
      )}
    </section>
  );
}
