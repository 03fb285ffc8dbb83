import { useState, type FormEvent } from 'react';
import { apiRequest } from '@cgg/contracts';
import { staffCalls, staffComplaintCloseRequestSchema, type StaffComplaint } from '@cgg/contracts/staff';
import { staffRequest } from '../api/staff-api.ts';
import { fieldErrorsOf } from '../components/field-errors.ts';
import { FormAlert } from '../components/form-alert.tsx';
import { TextField } from '../components/text-field.tsx';
import { useSave } from '../components/use-save.ts';

/** Closes an answered complaint as resolved; the note is for the next member of staff. */
export function CloseForm({ complaint, onClosed }: { complaint: StaffComplaint; onClosed: (c: StaffComplaint) => void }) {
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | undefined>();
  const save = useSave();

  async function submit(event: FormEvent) {
    event.preventDefault();
    save.reset();
    const parsed = staffComplaintCloseRequestSchema.safeParse({ id: complaint.id, ...(note.trim() ? { note } : {}) });
    setError(parsed.success ? undefined : fieldErrorsOf(parsed.error.issues).note);
    if (!parsed.success) return;
    await save.run(async () => onClosed((await staffRequest((o) => apiRequest(staffCalls.staffComplaintClose, parsed.data, o))).data));
  }

  return (
    <form className="bo-form" onSubmit={submit} noValidate aria-label="Close the complaint">
      <FormAlert message={save.refusal} />
      <TextField name="complaint-close-note" label="How it was resolved (optional, for staff)" value={note} onChange={setNote} error={error} maxLength={500} />
      <button type="submit" className="bo-button" aria-disabled={save.busy || undefined}>
        {save.busy ? 'Closing…' : 'Close as resolved'}
      </button>
    </form>
  );
}
