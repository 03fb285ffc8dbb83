import { useState, type FormEvent } from 'react';
import { apiRequest, formatDisplayDate, type LegalTerm } from '@cgg/contracts';
import { FIXED_LEGAL_TABS, staffCalls, staffLegalTermSaveRequestSchema } from '@cgg/contracts/staff';
import { staffRequest } from '../api/staff-api.ts';
import type { FieldErrors } from '../components/field-errors.ts';
import { focusOnShow } from '../components/focus-on-show.ts';
import { FormAlert } from '../components/form-alert.tsx';
import { TextArea } from '../components/text-area.tsx';
import { TextField } from '../components/text-field.tsx';
import { copyErrorsOf } from './copy-form.ts';
import { useSave } from '../components/use-save.ts';
import { PlainTextPreview } from './plain-text-preview.tsx';

type Draft = { slug: string; title: string; body: string };

/** One legal document (or a new one, without `term`), previewed as its tab on /legal-terms shows it. */
function LegalTermForm({ term, onSaved }: { term?: LegalTerm; onSaved: (terms: LegalTerm[]) => void }) {
  const empty: Draft = { slug: '', title: '', body: '' };
  const [draft, setDraft] = useState<Draft>(term ? { slug: term.slug, title: term.title, body: term.body } : empty);
  // What the draft started from (as loaded, then as this form last saved it), not the list's latest:
  // a save over someone else's change made since is refused rather than undoing it.
  const [base, setBase] = useState(term ? { title: term.title, body: term.body } : null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [confirming, setConfirming] = useState(false);
  const save = useSave();
  const set = (field: keyof Draft) => (value: string) => {
    save.edited();
    setDraft((d) => ({ ...d, [field]: value }));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    // An existing document keeps its slug; a new one must name one.
    const parsed = staffLegalTermSaveRequestSchema.safeParse(term
      ? { tab: term.tab, title: draft.title, body: draft.body, ...(base ? { base } : {}) }
      : { ...draft, slug: draft.slug.trim() || undefined });
    const found = parsed.success ? {} : copyErrorsOf(parsed.error.issues);
    if (!term && !draft.slug.trim()) found.slug ??= 'A new document needs a slug, e.g. refund-policy.';
    setErrors(found);
    if (!parsed.success || found.slug) return;
    await save.run(async () => {
      const terms = (await staffRequest((o) => apiRequest(staffCalls.staffLegalTermSave, parsed.data, o))).data;
      const saved = term && terms.find((t) => t.tab === term.tab);
      if (saved) setBase({ title: saved.title, body: saved.body });
      onSaved(terms);
      if (!term) setDraft(empty);
    });
  }
  // What this form started from goes with it (not the list's newer copy, which may carry a change
  // it never showed): a document someone else changed since is not removed unseen.
  const remove = (tab: number) =>
    save.run(async () => onSaved((await staffRequest((o) => apiRequest(staffCalls.staffLegalTermRemove, { tab, ...(base ? { base } : {}) }, o))).data));

  const id = `legal-${term?.tab ?? 'new'}`;
  const name = term ? `Legal: ${term.title}` : 'New legal document';
  return (
    <form className="bo-form bo-card" onSubmit={submit} noValidate aria-label={name}>
      <h3 className="bo-card__title">{term ? `Tab ${term.tab}: ${term.title}` : 'Add a document'}</h3>
      {term && <p className="bo-muted">Linked as /legal-terms?tab={term.tab}</p>}
      <FormAlert message={save.refusal} />
      {!term && <TextField id={`${id}-slug`} name="slug" label="Slug" hint="Lower-case words joined by hyphens, e.g. refund-policy." value={draft.slug} onChange={set('slug')} error={errors.slug} maxLength={60} />}
      <TextField id={`${id}-title`} name="title" label="Title" value={draft.title} onChange={set('title')} error={errors.title} maxLength={80} />
      <TextArea id={`${id}-body`} name="body" label="Text" hint='Plain text: a blank line between paragraphs, "## " starts a heading.' value={draft.body} onChange={set('body')} error={errors.body} rows={10} />
      <div className="bo-preview" role="region" aria-label={`Preview: ${name}`}>
        <h3 className="bo-preview__title">{draft.title}</h3>
        {term && <p className="bo-muted">Last updated {formatDisplayDate(term.updated_on)}</p>}
        <PlainTextPreview text={draft.body} headingLevel={4} />
      </div>
      <div className="bo-actions">
        <button type="submit" className="bo-small-button" aria-disabled={save.busy || undefined}>
          {save.busy ? 'Saving…' : term ? 'Save' : 'Add document'}
        </button>
        {term && !FIXED_LEGAL_TABS.includes(term.tab) && (
          confirming ? (
            <button type="button" className="bo-small-button" ref={focusOnShow} aria-disabled={save.busy || undefined} onClick={() => void remove(term.tab)}>
              Confirm removal
            </button>
          ) : (
            <button type="button" className="bo-small-button" onClick={() => setConfirming(true)}>
              Remove
            </button>
          )
        )}
        {save.saved && <span role="status">Saved. The legal page shows it on its next load.</span>}
      </div>
    </form>
  );
}

/** Every legal document by tab, and a new one. The tabs the site links (1 to 5) cannot be removed. */
export function LegalTermsEditor({ terms }: { terms: LegalTerm[] }) {
  const [list, setList] = useState(terms);
  return (
    <div className="bo-form bo-form--wide">
      {list.map((term) => (
        <LegalTermForm key={term.tab} term={term} onSaved={setList} />
      ))}
      <LegalTermForm onSaved={setList} />
    </div>
  );
}
