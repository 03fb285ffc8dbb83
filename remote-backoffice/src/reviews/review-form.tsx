import { useState, type FormEvent } from 'react';
import { apiRequest } from '@cgg/contracts';
import { reviewActionLabels, reviewActions, staffCalls, staffReviewCloseRequestSchema, type ReviewFlag } from '@cgg/contracts/staff';
import { failureMessage, staffRequest } from '../api/staff-api.ts';
import { fieldErrorsOf, type FieldErrors } from '../components/field-errors.ts';
import { FilterSelect } from '../components/filter-select.tsx';
import { FormAlert } from '../components/form-alert.tsx';

/** What was done about one flag, with a note: saving closes it and writes the audit log. */
export function ReviewForm({ flag, onSaved }: { flag: ReviewFlag; onSaved: (queue: ReviewFlag[]) => void }) {
  const [action, setAction] = useState<string>('contacted');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const noteId = `bo-review-note-${flag.id}`;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setRefusal(null);
    const parsed = staffReviewCloseRequestSchema.safeParse({ flag_id: flag.id, action, note });
    setErrors(parsed.success ? {} : fieldErrorsOf(parsed.error.issues));
    if (!parsed.success) return;
    setBusy(true);
    try {
      onSaved((await staffRequest((o) => apiRequest(staffCalls.staffReviewClose, parsed.data, o))).data);
    } catch (err) {
      setRefusal(failureMessage(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="bo-form" onSubmit={submit} noValidate aria-label={`Review of ${flag.name}`}>
      <FormAlert message={refusal} />
      <FilterSelect id={`bo-review-action-${flag.id}`} label="Action taken" value={action} options={reviewActions.map((a) => [a, reviewActionLabels[a]] as const)} onChange={setAction} />
      <div className={`bo-field${errors.note ? ' bo-field--invalid' : ''}`}>
        <label htmlFor={noteId} className="bo-field__label">
          Note
        </label>
        <textarea id={noteId} className="bo-field__input" rows={2} maxLength={2000} value={note} onChange={(e) => setNote(e.target.value)} aria-invalid={errors.note ? true : undefined} aria-describedby={errors.note ? `${noteId}-error` : undefined} />
        {errors.note && (
          <p id={`${noteId}-error`} className="bo-field__error">
            {errors.note}
          </p>
        )}
      </div>
      <button type="submit" className="bo-small-button" disabled={busy}>
        {busy ? 'Saving…' : 'Record and close'}
      </button>
    </form>
  );
}
