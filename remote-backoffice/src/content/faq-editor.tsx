import { useState, type FormEvent } from 'react';
import { apiRequest } from '@cgg/contracts';
import { staffCalls, staffFaqSaveRequestSchema, type StaffFaq } from '@cgg/contracts/staff';
import { staffRequest } from '../api/staff-api.ts';
import type { FieldErrors } from '../components/field-errors.ts';
import { focusOnShow } from '../components/focus-on-show.ts';
import { FormAlert } from '../components/form-alert.tsx';
import { TextArea } from '../components/text-area.tsx';
import { TextField } from '../components/text-field.tsx';
import { copyErrorsOf } from './copy-form.ts';
import { useSave } from '../components/use-save.ts';
import { useAskKey } from '../components/use-ask-key.ts';
import { PlainTextPreview } from './plain-text-preview.tsx';

type Draft = { category: string; question: string; answer: string; published: boolean };
const EMPTY: Draft = { category: '', question: '', answer: '', published: true };

/** One FAQ (or a new one, without `faq`), previewed open as the FAQ page shows it. */
const fieldsOf = (f: StaffFaq): Draft => ({ category: f.category, question: f.question, answer: f.answer, published: f.published });

/**
 * `actions`: the editor's buttons for this FAQ, given what its form started from (`base`): a
 * removal sends that, not the list's newer copy, which may carry a change this form never showed.
 */
function FaqForm({ faq, onSaved, actions }: { faq?: StaffFaq; onSaved: (faqs: StaffFaq[]) => void; actions?: (base: Draft | null) => React.ReactNode }) {
  const [draft, setDraft] = useState<Draft>(faq ? fieldsOf(faq) : EMPTY);
  // What the draft started from (as loaded, then as this form last saved it), not the list's latest:
  // a save over someone else's change made since is refused rather than undoing it.
  const [base, setBase] = useState<Draft | null>(faq ? fieldsOf(faq) : null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useSave();
  const newKey = useAskKey();
  const set = <K extends keyof Draft>(field: K) => (value: Draft[K]) => {
    save.edited();
    setDraft((d) => ({ ...d, [field]: value }));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    // A new FAQ carries a key per FAQ asked for: pressed again after a lost answer, it is added once.
    const parsed = staffFaqSaveRequestSchema.safeParse(faq ? { ...draft, id: faq.id, ...(base ? { base } : {}) } : { ...draft, idempotency_key: newKey.keyFor(draft) });
    const found = parsed.success ? {} : copyErrorsOf(parsed.error.issues);
    setErrors(found);
    if (!parsed.success) return;
    await save.run(async () => {
      const answer = await staffRequest((o) => apiRequest(staffCalls.staffFaqSave, parsed.data, o));
      newKey.done();
      const saved = faq && answer.data.find((f) => f.id === faq.id);
      if (saved) setBase(fieldsOf(saved));
      onSaved(answer.data);
      if (!faq) setDraft(EMPTY);
    });
  }

  const id = `faq-${faq?.id ?? 'new'}`;
  const name = faq ? `FAQ: ${faq.question}` : 'New FAQ';
  return (
    <form className="bo-form bo-card" onSubmit={submit} noValidate aria-label={name}>
      <h3 className="bo-card__title">{faq ? faq.question : 'Add an FAQ'}</h3>
      <FormAlert message={save.refusal} />
      <TextField id={`${id}-category`} name="category" label="Category" hint="Questions are grouped under it." value={draft.category} onChange={set('category')} error={errors.category} maxLength={60} />
      <TextField id={`${id}-question`} name="question" label="Question" value={draft.question} onChange={set('question')} error={errors.question} maxLength={200} />
      <TextArea id={`${id}-answer`} name="answer" label="Answer" hint='Plain text: a blank line between paragraphs, "## " starts a heading.' value={draft.answer} onChange={set('answer')} error={errors.answer} rows={5} />
      <label className="bo-field__label">
        <input type="checkbox" checked={draft.published} onChange={(e) => set('published')(e.target.checked)} /> Published on the FAQ page
      </label>
      <div className="bo-preview" role="region" aria-label={`Preview: ${name}`}>
        <p className="bo-muted">{draft.category || 'No category'}</p>
        <h3 className="bo-preview__title">{draft.question}</h3>
        <PlainTextPreview text={draft.answer} headingLevel={4} />
        {!draft.published && <p className="bo-muted">Not shown on the site.</p>}
      </div>
      <div className="bo-actions">
        <button type="submit" className="bo-small-button" aria-disabled={save.busy || undefined}>
          {save.busy ? 'Saving…' : faq ? 'Save' : 'Add FAQ'}
        </button>
        {actions?.(base)}
        {save.saved && <span role="status">{faq ? 'Saved. The FAQ page shows it on its next load.' : 'Added. The FAQ page shows it on its next load.'}</span>}
      </div>
    </form>
  );
}

/** The FAQs in their order: each edited on its own, moved up or down, or removed; and a new one. */
export function FaqEditor({ faqs }: { faqs: StaffFaq[] }) {
  const [list, setList] = useState(faqs);
  const [removing, setRemoving] = useState<number | null>(null);
  const change = useSave();

  const move = (index: number, by: -1 | 1) =>
    change.run(async () => {
      const ids = list.map((f) => f.id);
      [ids[index], ids[index + by]] = [ids[index + by]!, ids[index]!];
      setList((await staffRequest((o) => apiRequest(staffCalls.staffFaqReorder, { ids }, o))).data);
    });
  // The FAQ as its form shows it goes with it: one someone else changed since is not removed unseen.
  const remove = (id: number, base: Draft | null) =>
    change.run(async () => {
      setList((await staffRequest((o) => apiRequest(staffCalls.staffFaqRemove, { id, ...(base ? { base } : {}) }, o))).data);
      setRemoving(null);
    });

  return (
    <div className="bo-form bo-form--wide">
      <FormAlert message={change.refusal} />
      {change.saved && (
        <p className="bo-success" role="status">
          FAQs updated. The FAQ page shows them on its next load.
        </p>
      )}
      {list.length === 0 && <p className="bo-muted">No FAQs yet.</p>}
      {list.map((faq, index) => (
        <FaqForm
          key={faq.id}
          faq={faq}
          onSaved={setList}
          actions={(base) => (
            <>
              <button type="button" className="bo-small-button" disabled={index === 0} aria-disabled={change.busy || undefined} onClick={() => void move(index, -1)} aria-label={`Move up: ${faq.question}`}>
                Move up
              </button>
              <button type="button" className="bo-small-button" disabled={index === list.length - 1} aria-disabled={change.busy || undefined} onClick={() => void move(index, 1)} aria-label={`Move down: ${faq.question}`}>
                Move down
              </button>
              {removing === faq.id ? (
                <button type="button" className="bo-small-button" ref={focusOnShow} aria-disabled={change.busy || undefined} onClick={() => void remove(faq.id, base)}>
                  Confirm removal
                </button>
              ) : (
                <button type="button" className="bo-small-button" aria-disabled={change.busy || undefined} onClick={() => !change.busy && setRemoving(faq.id)} aria-label={`Remove: ${faq.question}`}>
                  Remove
                </button>
              )}
            </>
          )}
        />
      ))}
      <FaqForm onSaved={setList} />
    </div>
  );
}
