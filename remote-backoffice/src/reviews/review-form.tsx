import { useState, type FormEvent } from 'react';
import { apiRequest } from '@cgg/contracts';
import { reviewActionLabels, reviewActions, staffCalls, staffReviewCloseRequestSchema, type ReviewFlag } from '@cgg/contracts/staff';
import { staffRequest } from '../api/staff-api.ts';
import { fieldErrorsOf, type FieldErrors } from '../components/field-errors.ts';
import { FilterSelect } from '../components/filter-select.tsx';
import { FormAlert } from '../components/form-alert.tsx';
import { TextArea } from '../components/text-area.tsx';
import { useSave } from '../components/use-save.ts';

/** What was done about one flag, with a note: saving closes it and writes the audit log. */
export function ReviewForm({ flag, onSaved }: { flag: ReviewFlag; onSaved: (queue: ReviewFlag[]) => void }) {
  // No action chosen to begin with: a hurried close must not record one that was not taken.
  const [action, setAction] = useState<string>('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useSave();

  async function submit(event: FormEvent) {
    event.preventDefault();
    save.reset();
    const parsed = staffReviewCloseRequestSchema.safeParse({ flag_id: flag.id, action, note });
    const found = parsed.success ? {} : fieldErrorsOf(parsed.error.issues);
    if (!action) found.action = 'Choose the action taken.';
    setErrors(found);
    if (!parsed.success) return;
    await save.run(async () => onSaved((await staffRequest((o) => apiRequest(staffCalls.staffReviewClose, parsed.data, o))).data));
  }

  return (
    <form className="bo-form" onSubmit={submit} noValidate aria-label={`Review of ${flag.name}`}>
      <FormAlert message={save.refusal} />
      <FilterSelect id={`bo-review-action-${flag.id}`} label="Action taken" value={action} options={[['', 'Choose what was done'], ...reviewActions.map((a) => [a, reviewActionLabels[a]] as const)]} onChange={setAction} error={errors.action} />
      <TextArea id={`bo-review-note-${flag.id}`} name="note" label="Note" rows={2} maxLength={2000} value={note} onChange={setNote} error={errors.note} />
      <button type="submit" className="bo-small-button" aria-disabled={save.busy || undefined}>
        {save.busy ? 'Saving…' : 'Record and close'}
      </button>
    </form>
  );
}
