import { useState, type FormEvent } from 'react';
import { apiRequest } from '@cgg/contracts';
import { staffCalls, staffComplaintAnswerRequestSchema, type StaffComplaint } from '@cgg/contracts/staff';
import { staffRequest } from '../api/staff-api.ts';
import { fieldErrorsOf } from '../components/field-errors.ts';
import { FormAlert } from '../components/form-alert.tsx';
import { TextArea } from '../components/text-area.tsx';
import { useAskKey } from '../components/use-ask-key.ts';
import { useSave } from '../components/use-save.ts';

/**
 * Our answer to the customer: emailed to them as written, with the independent body they may go
 * to, and recorded. Sent again after a lost answer it goes under the same key: mailed once.
 */
export function AnswerForm({ complaint, onAnswered }: { complaint: StaffComplaint; onAnswered: (c: StaffComplaint) => void }) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const save = useSave();
  const key = useAskKey();

  async function submit(event: FormEvent) {
    event.preventDefault();
    save.reset();
    const ask = { id: complaint.id, text: text.trim() };
    const parsed = staffComplaintAnswerRequestSchema.safeParse({ ...ask, idempotency_key: key.keyFor(ask) });
    setError(parsed.success ? undefined : fieldErrorsOf(parsed.error.issues).text);
    if (!parsed.success) return;
    await save.run(async () => {
      const answered = (await staffRequest((o) => apiRequest(staffCalls.staffComplaintAnswer, parsed.data, o))).data;
      key.done();
      onAnswered(answered);
      setText('');
    });
  }

  return (
    <form className="bo-form" onSubmit={submit} noValidate aria-label="Answer the customer">
      <FormAlert message={save.refusal} />
      <TextArea
        name="complaint-answer"
        label={complaint.answers.length === 0 ? 'Our answer' : 'A further answer'}
        hint={`Emailed to ${complaint.email} as written, with how to reach the independent dispute-resolution service.`}
        rows={6}
        maxLength={5000}
        value={text}
        onChange={setText}
        error={error}
      />
      <button type="submit" className="bo-button" aria-disabled={save.busy || undefined}>
        {save.busy ? 'Sending…' : 'Send answer'}
      </button>
    </form>
  );
}
