import { useState, type FormEvent } from 'react';
import { apiRequest, type PostalRoute } from '@cgg/contracts';
import { staffCalls, staffPostalRouteUpdateRequestSchema } from '@cgg/contracts/staff';
import { staffRequest } from '../api/staff-api.ts';
import type { FieldErrors } from '../components/field-errors.ts';
import { FormAlert } from '../components/form-alert.tsx';
import { TextArea } from '../components/text-area.tsx';
import { TextField } from '../components/text-field.tsx';
import { copyErrorsOf, linesOf } from './copy-form.ts';
import { useSave } from '../components/use-save.ts';

/** The lists are edited one item per line. */
type Draft = Record<'title' | 'intro' | 'fairness' | 'address_lines' | 'what_to_write' | 'closing_rules', string>;

const draftOf = (r: PostalRoute | null): Draft => ({
  title: r?.title ?? '', intro: r?.intro ?? '', fairness: r?.fairness ?? '',
  address_lines: (r?.address_lines ?? []).join('\n'), what_to_write: (r?.what_to_write ?? []).join('\n'), closing_rules: (r?.closing_rules ?? []).join('\n'),
});

const ONE_PER_LINE = 'One per line.';

/** The free postal route page, previewed with its sections as the shop shows them. Saved whole. */
export function PostalRouteForm({ route }: { route: PostalRoute | null }) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(route));
  // The page as last loaded or saved: a save from it is refused if someone else saved meanwhile.
  const [base, setBase] = useState<PostalRoute | null>(route);
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useSave();
  const set = (field: keyof Draft) => (value: string) => {
    save.edited();
    setDraft((d) => ({ ...d, [field]: value }));
  };
  const wanted = { ...draft, address_lines: linesOf(draft.address_lines), what_to_write: linesOf(draft.what_to_write), closing_rules: linesOf(draft.closing_rules) };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = staffPostalRouteUpdateRequestSchema.safeParse(wanted);
    const found = parsed.success ? {} : copyErrorsOf(parsed.error.issues, draft);
    setErrors(found);
    if (!parsed.success) return;
    await save.run(async () => {
      const answer = (await staffRequest((o) => apiRequest(staffCalls.staffPostalRouteUpdate, { ...parsed.data, ...(base ? { base } : {}) }, o))).data;
      setDraft(draftOf(answer));
      setBase(answer);
    });
  }

  return (
    <form className="bo-form bo-form--wide bo-card" onSubmit={submit} noValidate aria-label="Free postal route">
      <FormAlert message={save.refusal} />
      <TextField id="postal-title" name="title" label="Title" value={draft.title} onChange={set('title')} error={errors.title} maxLength={120} />
      <TextArea id="postal-intro" name="intro" label="Introduction" value={draft.intro} onChange={set('intro')} error={errors.intro} rows={3} />
      <TextArea id="postal-address" name="address_lines" label="Address" hint={ONE_PER_LINE} value={draft.address_lines} onChange={set('address_lines')} error={errors.address_lines} rows={5} />
      <TextArea id="postal-write" name="what_to_write" label="What to write" hint={ONE_PER_LINE} value={draft.what_to_write} onChange={set('what_to_write')} error={errors.what_to_write} rows={5} />
      <TextArea id="postal-fairness" name="fairness" label="Same odds, same limits" value={draft.fairness} onChange={set('fairness')} error={errors.fairness} rows={3} />
      <TextArea id="postal-closing" name="closing_rules" label="Closing rules" hint={ONE_PER_LINE} value={draft.closing_rules} onChange={set('closing_rules')} error={errors.closing_rules} rows={5} />
      <div className="bo-preview" role="region" aria-label="Free postal route preview">
        <h3 className="bo-preview__title">{draft.title}</h3>
        <p>{draft.intro}</p>
        <h4>Where to send your entry</h4>
        <address>
          {wanted.address_lines.map((line, i) => (
            <span key={i} className="bo-preview__line">
              {line}
            </span>
          ))}
        </address>
        <h4>What to write</h4>
        <ul>
          {wanted.what_to_write.map((item, i) => (
            <li key={i}>{item}</li>
          ))}
        </ul>
        <h4>Same odds, same limits</h4>
        <p>{draft.fairness}</p>
        <h4>Closing rules</h4>
        <ul>
          {wanted.closing_rules.map((rule, i) => (
            <li key={i}>{rule}</li>
          ))}
        </ul>
      </div>
      <button type="submit" className="bo-button" aria-disabled={save.busy || undefined}>
        {save.busy ? 'Saving…' : 'Save postal route'}
      </button>
      {save.saved && (
        <p className="bo-success" role="status">
          Saved. The free postal route page shows it on its next load.
        </p>
      )}
    </form>
  );
}
