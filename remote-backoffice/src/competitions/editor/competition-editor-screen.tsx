import { useState, type FormEvent } from 'react';
import { ApiError, apiRequest } from '@cgg/contracts';
import { checkCompetitionPatch, checkNewCompetition, staffCalls, type CompetitionFields, type FieldProblem } from '@cgg/contracts/staff';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { failureMessage, staffRequest } from '../../api/staff-api.ts';
import { useStaffData } from '../../api/use-staff-data.ts';
import type { FieldErrors } from '../../components/field-errors.ts';
import { FilterSelect } from '../../components/filter-select.tsx';
import { FormAlert } from '../../components/form-alert.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { TextField } from '../../components/text-field.tsx';
import { useAskKey } from '../../components/use-ask-key.ts';
import { ADMIN_BASE } from '../../layout/sections.ts';
import { blankForm, fieldsOf, formOf, type CompetitionForm } from './competition-form.ts';
import { problemText } from './problem-labels.ts';
import { ImageField } from './image-field.tsx';
import { InstantWinsEditor } from './instant-wins-editor.tsx';
import { QuestionEditor } from './question-editor.tsx';
import { RewardsEditor } from './rewards-editor.tsx';

type Loaded = {
  id: number | null;
  form: CompetitionForm;
  locked: Array<{ field: string; why: string }>;
  categories: Array<{ slug: string; name: string }>;
  stage: string | null;
  /** The version the form was opened at; a save over someone else's since is refused. */
  editVersion: number | null;
};

const errorsOf = (problems: readonly FieldProblem[]): FieldErrors => {
  const errors: FieldErrors = {};
  for (const p of problems) errors[p.field] ??= p.message;
  return errors;
};

/** The problems a refused save names (400 cgg_invalid_competition), or null for any other failure. */
function problemsOf(error: unknown): FieldProblem[] | null {
  if (!(error instanceof ApiError) || error.code !== 'cgg_invalid_competition') return null;
  const problems = (error.data as { problems?: FieldProblem[] } | undefined)?.problems;
  return Array.isArray(problems) ? problems : null;
}

/** /admin/competitions/new and /admin/competitions/:id/edit: every field, checked as the CLI checks a competition file. */
export function CompetitionEditorScreen() {
  const param = useParams().id;
  const id = param === undefined ? null : Number(param);
  const { loaded } = useStaffData(`editor ${param ?? 'new'}`, async (): Promise<Loaded> => {
    const answer = await staffRequest((o) => apiRequest(staffCalls.staffCompetitionFields, id === null ? {} : { id }, o));
    const d = answer.data;
    const form = d.fields ? formOf(d.fields as CompetitionFields) : blankForm(d.categories[0]?.slug ?? '');
    return { id, form, locked: d.locked, categories: d.categories, stage: d.stage, editVersion: d.edit_version ?? null };
  });
  if (loaded.state === 'loading') return <Spinner label="Loading the editor…" />;
  if (loaded.state === 'failed') return <FormAlert message={loaded.message} />;
  return <EditorForm loaded={loaded.data} />;
}

function EditorForm({ loaded }: { loaded: Loaded }) {
  const navigate = useNavigate();
  const [form, setForm] = useState(loaded.form);
  const [reason, setReason] = useState('');
  const [problems, setProblems] = useState<FieldProblem[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Moves on with each save of this form, so its next save is not taken for someone else's.
  const [editVersion, setEditVersion] = useState(loaded.editVersion);
  // A new competition saved again after a lost answer: the same key, so one draft is made.
  const createKey = useAskKey();
  const errors = errorsOf(problems);
  const lockedWhy = (field: string) => loaded.locked.find((l) => l.field === field || l.field === '*')?.why ?? null;
  const drawn = lockedWhy('*') !== null && loaded.locked.some((l) => l.field === '*');
  const set = (patch: Partial<CompetitionForm>) => setForm((f) => ({ ...f, ...patch }));
  const text = (name: keyof CompetitionForm & string, label: string, extra: { hint?: string; inputMode?: 'decimal' | 'numeric'; type?: string } = {}) => (
    <TextField name={name} label={label} value={form[name] as string} onChange={(v) => set({ [name]: v })} error={errors[name]} disabled={lockedWhy(name) !== null} {...extra} />
  );

  async function save(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setFailure(null);
    setSaved(null);
    const fields = fieldsOf(form);
    const checked = loaded.id === null ? checkNewCompetition(fields) : checkCompetitionPatch(fields);
    if (!checked.ok) {
      setProblems(checked.problems);
      return;
    }
    setProblems([]);
    setBusy(true);
    try {
      const answer = await staffRequest((o) =>
        apiRequest(
          staffCalls.staffCompetitionSave,
          {
            ...(loaded.id === null ? { idempotency_key: createKey.keyFor(fields) } : { id: loaded.id }),
            fields,
            ...(reason.trim() ? { reason: reason.trim() } : {}),
            ...(editVersion === null ? {} : { edit_version: editVersion }),
          },
          o,
        ),
      );
      if (answer.data.created) {
        navigate(`${ADMIN_BASE}/competitions/${answer.data.id}`, { state: { notice: 'Saved as a draft: the shop does not show it until you publish it.' } });
        return;
      }
      if (answer.data.edit_version !== undefined) setEditVersion(answer.data.edit_version);
      setSaved(answer.data.changed.length ? `Saved: ${answer.data.changed.join(', ')}.` : 'Nothing had changed.');
    } catch (error) {
      const refused = problemsOf(error);
      if (refused) setProblems(refused);
      else setFailure(failureMessage(error));
    } finally {
      setBusy(false);
    }
  }

  const title = loaded.id === null ? 'New competition' : `Edit competition #${loaded.id}`;
  return (
    <section aria-labelledby="bo-editor-title">
      <p>
        <Link to={loaded.id === null ? `${ADMIN_BASE}/competitions` : `${ADMIN_BASE}/competitions/${loaded.id}`}>Back</Link>
      </p>
      <h1 id="bo-editor-title" className="bo-title">
        {title}
      </h1>
      {drawn && <p className="bo-notice">{lockedWhy('*')}</p>}
      <form className="bo-form bo-editor" onSubmit={save} noValidate>
        {problems.length > 0 && (
          <div className="bo-alert" role="alert">
            <p>The competition was not saved:</p>
            <ul>
              {problems.map((p) => (
                <li key={`${p.field}:${p.message}`}>{problemText(p, form)}</li>
              ))}
            </ul>
          </div>
        )}
        <fieldset className="bo-fieldset" disabled={drawn}>
          <legend>The prize</legend>
          {text('title', 'Title')}
          <FilterSelect id="bo-category" label="Category" value={form.category} options={loaded.categories.map((c) => [c.slug, c.name] as const)} onChange={(v) => set({ category: v })} />
          <div className="bo-field">
            <label htmlFor="bo-description" className="bo-field__label">
              Description
            </label>
            <textarea id="bo-description" className="bo-field__input" rows={6} value={form.description} onChange={(e) => set({ description: e.target.value })} />
          </div>
          <ImageField value={form.image} onChange={(url) => set({ image: url })} error={errors.image} />
          {text('prize_value', 'Prize value (£)', { inputMode: 'decimal' })}
          {text('cash_alternative', 'Cash alternative (£, empty for none)', { inputMode: 'decimal' })}
        </fieldset>
        <fieldset className="bo-fieldset" disabled={drawn}>
          <legend>Tickets and dates (London time)</legend>
          {text('price_per_ticket', 'Price per ticket (£)', { inputMode: 'decimal' })}
          {text('total_tickets', 'Total tickets', { inputMode: 'numeric' })}
          {text('max_ticket_per_user', 'Most tickets per customer', { inputMode: 'numeric' })}
          {text('closing', 'Entries close', { type: 'datetime-local' })}
          {text('draw', 'Draw', { type: 'datetime-local' })}
          <label className="bo-check">
            <input type="checkbox" checked={form.on_sale} onChange={(e) => set({ on_sale: e.target.checked })} /> Sale price for a while
          </label>
          {form.on_sale && (
            <>
              <TextField name="sale.price" label="Sale price (£)" value={form.sale_price} onChange={(v) => set({ sale_price: v })} error={errors['sale.price']} inputMode="decimal" />
              <TextField name="sale.start" label="Sale starts" type="datetime-local" value={form.sale_start} onChange={(v) => set({ sale_start: v })} error={errors['sale.start']} />
              <TextField name="sale.end" label="Sale ends" type="datetime-local" value={form.sale_end} onChange={(v) => set({ sale_end: v })} error={errors['sale.end']} />
            </>
          )}
          {(['featured', 'hide_ticket_count', 'hide_timer', 'disable_tickets', 'live_draw'] as const).map((flag) => (
            <label className="bo-check" key={flag}>
              <input type="checkbox" checked={form[flag]} onChange={(e) => set({ [flag]: e.target.checked })} /> {flagLabels[flag]}
            </label>
          ))}
          {form.live_draw && text('live_draw_info', 'Where and when the live draw happens')}
        </fieldset>
        <QuestionEditor value={form} onChange={set} errors={errors} locked={drawn ? null : lockedWhy('question')} />
        <InstantWinsEditor rows={form.instant_wins} onChange={(rows) => set({ instant_wins: rows })} errors={errors} locked={drawn ? null : lockedWhy('instant_wins')} />
        <RewardsEditor rows={form.reward_wins} onChange={(rows) => set({ reward_wins: rows })} errors={errors} locked={drawn ? null : lockedWhy('reward_wins')} />
        {loaded.id !== null && loaded.stage !== 'draft' && (
          <TextField name="reason" label="Reason for the change" hint="Optional: why you are making this change, kept in the audit log. Once tickets are sold the draw can move earlier but never later." value={reason} onChange={setReason} maxLength={500} />
        )}
        <FormAlert message={failure} />
        {saved && (
          <p className="bo-success" role="status">
            {saved}
          </p>
        )}
        <button type="submit" className="bo-button" disabled={drawn} aria-disabled={busy || undefined}>
          {busy ? 'Saving…' : loaded.id === null ? 'Save as a draft' : 'Save changes'}
        </button>
      </form>
    </section>
  );
}

const flagLabels = {
  featured: 'Featured on the home page',
  hide_ticket_count: 'Hide the tickets-sold count',
  hide_timer: 'Hide the countdown',
  disable_tickets: 'Stop ticket sales for now',
  live_draw: 'Drawn live',
} as const;
