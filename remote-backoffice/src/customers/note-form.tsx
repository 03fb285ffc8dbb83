import { useState, type FormEvent } from 'react';
import { apiRequest } from '@cgg/contracts';
import { staffCalls, staffCustomerNoteRequestSchema, type StaffCustomer } from '@cgg/contracts/staff';
import { failureMessage, staffRequest } from '../api/staff-api.ts';
import { fieldErrorsOf } from '../components/field-errors.ts';
import { FormAlert } from '../components/form-alert.tsx';

/** A staff note on the customer: kept as written, with its author, and recorded in the audit log. */
export function NoteForm({ customerId, onSaved }: { customerId: number; onSaved: (c: StaffCustomer) => void }) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setRefusal(null);
    const payload = { customer_id: customerId, text };
    const parsed = staffCustomerNoteRequestSchema.safeParse(payload);
    setError(parsed.success ? undefined : fieldErrorsOf(parsed.error.issues).text);
    if (!parsed.success) return;
    setBusy(true);
    try {
      onSaved((await staffRequest((o) => apiRequest(staffCalls.staffCustomerNote, parsed.data, o))).data);
      setText('');
    } catch (err) {
      setRefusal(failureMessage(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="bo-form" onSubmit={submit} noValidate aria-label="Add a note">
      <FormAlert message={refusal} />
      <div className={`bo-field${error ? ' bo-field--invalid' : ''}`}>
        <label htmlFor="bo-note" className="bo-field__label">
          New note
        </label>
        <textarea id="bo-note" className="bo-field__input" rows={3} maxLength={2000} value={text} onChange={(e) => setText(e.target.value)} aria-invalid={error ? true : undefined} aria-describedby={error ? 'bo-note-error' : undefined} />
        {error && (
          <p id="bo-note-error" className="bo-field__error">
            {error}
          </p>
        )}
      </div>
      <button type="submit" className="bo-small-button" disabled={busy}>
        {busy ? 'Saving…' : 'Add note'}
      </button>
    </form>
  );
}
