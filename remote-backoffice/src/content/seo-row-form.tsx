import { useState, type FormEvent } from 'react';
import { apiRequest } from '@cgg/contracts';
import { staffCalls, staffSeoUpdateRequestSchema, type StaffSeoRow } from '@cgg/contracts/staff';
import { failureMessage, staffRequest } from '../api/staff-api.ts';
import { fieldErrorsOf, hasErrors, type FieldErrors } from '../components/field-errors.ts';
import { FormAlert } from '../components/form-alert.tsx';
import { TextField } from '../components/text-field.tsx';

/** One page's title and description, as search results and link previews show them. */
export function SeoRowForm({ row }: { row: StaffSeoRow }) {
  const [draft, setDraft] = useState(row);
  // The row as last loaded or saved: a save from it is refused if someone else saved meanwhile.
  const [base, setBase] = useState(row);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);
  const set = (field: 'page_title' | 'meta_title' | 'meta_description') => (value: string) => {
    setSaved(false);
    setDraft((d) => ({ ...d, [field]: value }));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setRefusal(null);
    const parsed = staffSeoUpdateRequestSchema.safeParse(draft);
    const found = parsed.success ? {} : fieldErrorsOf(parsed.error.issues);
    setErrors(found);
    if (hasErrors(found) || !parsed.success) return;
    setBusy(true);
    try {
      const { page: _page, ...loaded } = base;
      const answer = (await staffRequest((o) => apiRequest(staffCalls.staffSeoUpdate, { ...parsed.data, base: loaded }, o))).data;
      setDraft(answer);
      setBase(answer);
      setSaved(true);
    } catch (error) {
      setRefusal(failureMessage(error));
    } finally {
      setBusy(false);
    }
  }

  const id = `seo-${row.page}`;
  return (
    <form className="bo-form bo-card" onSubmit={submit} noValidate aria-label={`SEO: ${row.page}`}>
      <h3 className="bo-card__title">{row.page}</h3>
      <FormAlert message={refusal} />
      <TextField id={`${id}-title`} name="page_title" label="Page title" value={draft.page_title} onChange={set('page_title')} error={errors.page_title} maxLength={120} />
      <TextField id={`${id}-meta-title`} name="meta_title" label="Meta title" value={draft.meta_title} onChange={set('meta_title')} error={errors.meta_title} maxLength={120} />
      <TextField id={`${id}-description`} name="meta_description" label="Meta description" value={draft.meta_description} onChange={set('meta_description')} error={errors.meta_description} maxLength={320} />
      <div className="bo-preview" aria-label={`Search result preview: ${row.page}`} role="region">
        <p className="bo-preview__title">{draft.page_title}</p>
        <p className="bo-muted">{draft.meta_description}</p>
      </div>
      <button type="submit" className="bo-small-button" aria-disabled={busy || undefined}>
        {busy ? 'Saving…' : 'Save'}
      </button>
      {saved && <span role="status">Saved.</span>}
    </form>
  );
}
