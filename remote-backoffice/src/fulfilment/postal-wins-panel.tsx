import { useState, type FormEvent } from 'react';
import { apiRequest } from '@cgg/contracts';
import { staffCalls, staffSettlePostalWinRequestSchema, type StaffPostalWin } from '@cgg/contracts/staff';
import { staffRequest } from '../api/staff-api.ts';
import { useStaffData } from '../api/use-staff-data.ts';
import { fieldErrorsOf } from '../components/field-errors.ts';
import { FormAlert } from '../components/form-alert.tsx';
import { inLondon } from '../components/london-time.ts';
import { Spinner } from '../components/spinner.tsx';
import { TextField } from '../components/text-field.tsx';
import { useSave } from '../components/use-save.ts';

const keyOf = (w: StaffPostalWin) => `${w.win_kind}:${w.win_id}`;

function stateOf(w: StaffPostalWin): string {
  if (w.state === 'settled') return `Settled by ${w.settled_by ?? '?'}${w.settle_note ? `: ${w.settle_note}` : ''}`;
  if (w.state === 'claimed') return `Claimed online${w.claim_state ? ` (${w.claim_state})` : ''}`;
  return w.customer_id === null ? 'Open: no account, contact the entrant' : `Open: customer #${w.customer_id} claims it online`;
}

/** How an account-less entrant's prize was handed over, recorded once (the CLI's postal-wins --settle). */
function SettleForm({ win, onSettled }: { win: StaffPostalWin; onSettled: (w: StaffPostalWin) => void }) {
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | undefined>();
  const save = useSave();
  const name = `${win.win_kind} win ${win.win_id}`;

  async function submit(event: FormEvent) {
    event.preventDefault();
    save.reset();
    const parsed = staffSettlePostalWinRequestSchema.safeParse({ win_kind: win.win_kind, win_id: win.win_id, note });
    setError(parsed.success ? undefined : fieldErrorsOf(parsed.error.issues).note);
    if (!parsed.success) return;
    await save.run(async () => onSettled((await staffRequest((o) => apiRequest(staffCalls.staffSettlePostalWin, parsed.data, o))).data));
  }

  return (
    <form className="bo-form" onSubmit={submit} noValidate aria-label={`Settle ${name}`}>
      <FormAlert message={save.refusal} />
      <TextField id={`bo-settle-${win.win_kind}-${win.win_id}`} name="note" label={`How was it handed over? (${name})`} maxLength={500} value={note} onChange={setNote} error={error} />
      <button type="submit" className="bo-small-button" aria-disabled={save.busy || undefined}>
        {save.busy ? 'Saving…' : 'Mark settled'}
      </button>
    </form>
  );
}

/**
 * The wins of free postal entries. An entrant with an account claims online like anyone;
 * one without cannot, so the operator contacts them, hands the prize over and records how.
 */
export function PostalWinsPanel({ onSettled }: { onSettled: () => void }) {
  const [openOnly, setOpenOnly] = useState(true);
  const [settled, setSettled] = useState<Record<string, StaffPostalWin>>({});
  const request = { open: openOnly };
  const { loaded } = useStaffData(JSON.stringify(request), () => staffRequest((o) => apiRequest(staffCalls.staffPostalWins, request, o)));

  return (
    <section className="bo-card" aria-labelledby="bo-postal-wins">
      <h2 id="bo-postal-wins" className="bo-card__title">
        Postal-entry wins
      </h2>
      <label className="bo-field__label">
        <input type="checkbox" checked={openOnly} onChange={(e) => setOpenOnly(e.target.checked)} /> Only those not yet claimed or settled
      </label>
      {loaded.state === 'loading' && <Spinner label="Loading postal-entry wins…" />}
      {loaded.state === 'failed' && <FormAlert message={loaded.message} />}
      {loaded.state === 'loaded' &&
        (loaded.data.data.length === 0 ? (
          <p className="bo-muted">No postal-entry wins.</p>
        ) : (
          <div className="bo-table-wrap">
            <table className="bo-table">
              <caption className="bo-visually-hidden">Postal-entry wins</caption>
              <thead>
                <tr>
                  <th scope="col">Won</th>
                  <th scope="col">Prize</th>
                  <th scope="col">Entrant</th>
                  <th scope="col">State</th>
                </tr>
              </thead>
              <tbody>
                {loaded.data.data.map((fromList) => {
                  const w = settled[keyOf(fromList)] ?? fromList;
                  return (
                    <tr key={keyOf(w)} aria-label={`Postal ${w.win_kind} win ${w.win_id}`}>
                      <td>{inLondon(w.won_at)}</td>
                      <td>
                        {w.prize_title} (£{w.prize_value})
                        <br />
                        <span className="bo-muted">
                          {w.competition_title}, ticket {w.ticket_number}
                        </span>
                      </td>
                      <td>
                        {w.full_name}
                        <br />
                        <span className="bo-muted">
                          {w.email}
                          {w.town ? `, ${w.town}` : ''} · postal entry #{w.postal_entry_id}
                        </span>
                      </td>
                      <td>
                        {stateOf(w)}
                        {w.state === 'open' && w.customer_id === null && (
                          <SettleForm
                            win={w}
                            onSettled={(done) => {
                              setSettled((all) => ({ ...all, [keyOf(done)]: done }));
                              onSettled();
                            }}
                          />
                        )}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        ))}
    </section>
  );
}
