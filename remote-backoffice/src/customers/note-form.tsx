import { useState, type FormEvent } from 'react';
import { apiRequest } from '@cgg/contracts';
import { staffCalls, staffCustomerNoteRequestSchema, type StaffCustomer } from '@cgg/contracts/staff';
import { staffRequest } from '../api/staff-api.ts';
import { fieldErrorsOf } from '../components/field-errors.ts';
import { FormAlert } from '../components/form-alert.tsx';
import { TextArea } from '../components/text-area.tsx';
import { useAskKey } from '../components/use-ask-key.ts';
import { useSave } from '../components/use-save.ts';

/** A staff note on the customer: kept as written, with its author, and recorded in the audit log. */
export function NoteForm({ customerId, onSaved }: { customerId: number; onSaved: (c: StaffCustomer) => void }) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const save = useSave();
  // Pressed again after a lost answer: the same key, so the note is added once.
  const key = useAskKey();

  async function submit(event: FormEvent) {
    event.preventDefault();
    save.reset();
    const ask = { customer_id: customerId, text: text.trim() };
    const parsed = staffCustomerNoteRequestSchema.safeParse({ ...ask, idempotency_key: key.keyFor(ask) });
    setError(parsed.success ? undefined : fieldErrorsOf(parsed.error.issues).text);
    if (!parsed.success) return;
    await save.run(async () => {
      const answer = await staffRequest((o) => apiRequest(staffCalls.staffCustomerNote, parsed.data, o));
      key.done();
      onSaved(answer.data);
      setText('');
    });
  }

  return (
    <form className="bo-form" onSubmit={submit} noValidate aria-label="Add a note">
      <FormAlert message={save.refusal} />
      <TextArea name="note" label="New note" rows={3} maxLength={2000} value={text} onChange={setText} error={error} />
      <button type="submit" className="bo-small-button" aria-disabled={save.busy || undefined}>
        {save.busy ? 'Saving…' : 'Add note'}
      </button>
    </form>
  );
}
