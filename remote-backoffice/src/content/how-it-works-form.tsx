import { useState, type FormEvent } from 'react';
import { apiRequest, type HowItWorks } from '@cgg/contracts';
import { staffCalls, staffHowItWorksUpdateRequestSchema } from '@cgg/contracts/staff';
import { staffRequest } from '../api/staff-api.ts';
import type { FieldErrors } from '../components/field-errors.ts';
import { FormAlert } from '../components/form-alert.tsx';
import { TextArea } from '../components/text-area.tsx';
import { TextField } from '../components/text-field.tsx';
import { copyErrorsOf } from './copy-form.ts';
import { useSave } from '../components/use-save.ts';

const MAX_STEPS = 10;

/** The "How it works" section: title, intro and its steps, previewed as the page numbers them. Saved whole. */
export function HowItWorksForm({ content }: { content: HowItWorks | null }) {
  const [draft, setDraft] = useState<HowItWorks>(content ?? { title: '', intro: '', steps: [{ title: '', body: '' }] });
  // The section as last loaded or saved: a save from it is refused if someone else saved meanwhile.
  const [base, setBase] = useState<HowItWorks | null>(content);
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useSave();
  const edit = (change: (d: HowItWorks) => HowItWorks) => {
    save.edited();
    setDraft(change);
  };
  const setStep = (index: number, field: 'title' | 'body') => (value: string) =>
    edit((d) => ({ ...d, steps: d.steps.map((s, i) => (i === index ? { ...s, [field]: value } : s)) }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = staffHowItWorksUpdateRequestSchema.safeParse(draft);
    const found = parsed.success ? {} : copyErrorsOf(parsed.error.issues);
    setErrors(found);
    if (!parsed.success) return;
    await save.run(async () => {
      const answer = (await staffRequest((o) => apiRequest(staffCalls.staffHowItWorksUpdate, { ...parsed.data, ...(base ? { base } : {}) }, o))).data;
      setDraft(answer);
      setBase(answer);
    });
  }

  return (
    <form className="bo-form bo-form--wide bo-card" onSubmit={submit} noValidate aria-label="How it works">
      <FormAlert message={save.refusal} />
      <TextField id="hiw-title" name="title" label="Title" value={draft.title} onChange={(v) => edit((d) => ({ ...d, title: v }))} error={errors.title} maxLength={120} />
      <TextArea id="hiw-intro" name="intro" label="Introduction" value={draft.intro} onChange={(v) => edit((d) => ({ ...d, intro: v }))} error={errors.intro} rows={3} />
      {errors.steps && <p className="bo-field__error">{errors.steps}</p>}
      {draft.steps.map((step, i) => (
        <fieldset key={i} className="bo-card">
          <legend>Step {i + 1}</legend>
          <TextField id={`hiw-step-${i}-title`} name={`steps.${i}.title`} label={`Step ${i + 1} title`} value={step.title} onChange={setStep(i, 'title')} error={errors[`steps.${i}.title`]} maxLength={120} />
          <TextArea id={`hiw-step-${i}-body`} name={`steps.${i}.body`} label={`Step ${i + 1} text`} value={step.body} onChange={setStep(i, 'body')} error={errors[`steps.${i}.body`]} rows={3} />
          <button type="button" className="bo-small-button" disabled={draft.steps.length === 1} onClick={() => edit((d) => ({ ...d, steps: d.steps.filter((_, j) => j !== i) }))}>
            Remove step {i + 1}
          </button>
        </fieldset>
      ))}
      <button type="button" className="bo-small-button" disabled={draft.steps.length >= MAX_STEPS} onClick={() => edit((d) => ({ ...d, steps: [...d.steps, { title: '', body: '' }] }))}>
        Add a step
      </button>
      <div className="bo-preview" role="region" aria-label="How it works preview">
        <h3 className="bo-preview__title">{draft.title}</h3>
        <p>{draft.intro}</p>
        <ol>
          {draft.steps.map((step, i) => (
            <li key={i}>
              <h4>{step.title}</h4>
              <p>{step.body}</p>
            </li>
          ))}
        </ol>
      </div>
      <button type="submit" className="bo-button" aria-disabled={save.busy || undefined}>
        {save.busy ? 'Saving…' : 'Save how it works'}
      </button>
      {save.saved && (
        <p className="bo-success" role="status">
          Saved. The How it works page shows it on its next load.
        </p>
      )}
    </form>
  );
}
