import { useState, type FormEvent } from 'react';
import { apiRequest } from '@cgg/contracts';
import { staffCalls, staffSettingsUpdateRequestSchema, type StaffSettings } from '@cgg/contracts/staff';
import { failureMessage, staffRequest } from '../api/staff-api.ts';
import { fieldErrorsOf, hasErrors, type FieldErrors } from '../components/field-errors.ts';
import { FormAlert } from '../components/form-alert.tsx';
import { TextField } from '../components/text-field.tsx';

type Draft = Record<'announcement' | 'live_draw_info' | 'reward_prize_info' | 'suggested_tickets' | 'slider_speed' | 'slider_height_desktop' | 'slider_height_tablet' | 'slider_height_mobile' | 'frontend_scripts' | 'credit_card_monthly_cap', string> & { show_question: 0 | 1 };

const draftOf = (s: StaffSettings): Draft => ({
  announcement: s.announcement, live_draw_info: s.live_draw_info, reward_prize_info: s.reward_prize_info, suggested_tickets: s.suggested_tickets.join(', '),
  slider_speed: String(s.slider_speed), slider_height_desktop: String(s.slider_height_desktop), slider_height_tablet: String(s.slider_height_tablet),
  slider_height_mobile: String(s.slider_height_mobile), frontend_scripts: s.frontend_scripts, show_question: s.show_question,
  credit_card_monthly_cap: s.credit_card_monthly_cap,
});

const whole = (v: string): number => (/^\s*\d{1,9}\s*$/.test(v) ? Number(v) : Number.NaN);

/** The shop settings, with the announcement previewed as the bar shows it; only what changed is sent. */
export function SettingsForm({ settings: loaded, onSaved }: { settings: StaffSettings; onSaved: (s: StaffSettings) => void }) {
  // As loaded, then as last saved: what a change is measured against, and the save's base.
  const [settings, setSettings] = useState(loaded);
  const [draft, setDraft] = useState<Draft>(() => draftOf(loaded));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);
  const set = (field: keyof Draft) => (value: string) => {
    setSaved(false);
    setDraft((d) => ({ ...d, [field]: value }));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setRefusal(null);
    setSaved(false);
    const wanted = {
      announcement: draft.announcement, live_draw_info: draft.live_draw_info, reward_prize_info: draft.reward_prize_info, frontend_scripts: draft.frontend_scripts,
      suggested_tickets: draft.suggested_tickets.split(',').filter((t) => t.trim() !== '').map(whole), show_question: draft.show_question,
      slider_speed: whole(draft.slider_speed), slider_height_desktop: whole(draft.slider_height_desktop), slider_height_tablet: whole(draft.slider_height_tablet), slider_height_mobile: whole(draft.slider_height_mobile),
      credit_card_monthly_cap: draft.credit_card_monthly_cap.trim(),
    };
    const changed = Object.fromEntries(Object.entries(wanted).filter(([k, v]) => JSON.stringify(v) !== JSON.stringify(settings[k as keyof StaffSettings])));
    const parsed = staffSettingsUpdateRequestSchema.safeParse(changed);
    const found = parsed.success ? {} : fieldErrorsOf(parsed.error.issues.map((i) => (i.code === 'invalid_type' ? { ...i, message: 'Enter a whole number.' } : i)));
    setErrors(found);
    if (hasErrors(found) || !parsed.success) return;
    setBusy(true);
    try {
      // The fields sent, as loaded: someone else's save of one of them meanwhile is refused, not overwritten.
      const base = Object.fromEntries(Object.keys(changed).map((k) => [k, settings[k as keyof StaffSettings]]));
      const answer = await staffRequest((o) => apiRequest(staffCalls.staffSettingsUpdate, { ...parsed.data, base }, o));
      onSaved(answer.data);
      setSettings(answer.data);
      setDraft(draftOf(answer.data));
      setSaved(true);
    } catch (error) {
      setRefusal(failureMessage(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="bo-form bo-form--wide" onSubmit={submit} noValidate aria-label="Shop settings">
      <FormAlert message={refusal} />
      {saved && (
        <p className="bo-success" role="status">
          Saved. Shoppers see it within 15 minutes (the site keeps settings that long).
        </p>
      )}
      <TextField name="announcement" label="Announcement bar" value={draft.announcement} onChange={set('announcement')} error={errors.announcement} maxLength={500} hint="Empty: no bar." />
      <div aria-label="Announcement preview" role="region" className="bo-preview">
        {draft.announcement.trim() ? <div className="bo-preview__bar">{draft.announcement.trim()}</div> : <p className="bo-muted">No announcement bar.</p>}
      </div>
      <TextField name="live_draw_info" label="Live draw information" value={draft.live_draw_info} onChange={set('live_draw_info')} error={errors.live_draw_info} maxLength={500} />
      <TextField name="reward_prize_info" label="Reward prize information" value={draft.reward_prize_info} onChange={set('reward_prize_info')} error={errors.reward_prize_info} maxLength={2000} />
      <TextField name="suggested_tickets" label="Suggested ticket counts" hint="Comma-separated, e.g. 5, 10, 25, 50" value={draft.suggested_tickets} onChange={set('suggested_tickets')} error={errors.suggested_tickets} />
      <div className="bo-field">
        <label htmlFor="bo-show-question" className="bo-field__label">
          Skill question
        </label>
        <select id="bo-show-question" className="bo-field__input" value={draft.show_question} onChange={(e) => setDraft((d) => ({ ...d, show_question: e.target.value === '1' ? 1 : 0 }))}>
          <option value={1}>Asked before adding to the basket</option>
          <option value={0}>Not asked</option>
        </select>
      </div>
      <TextField name="slider_speed" label="Carousel speed (milliseconds)" inputMode="numeric" value={draft.slider_speed} onChange={set('slider_speed')} error={errors.slider_speed} />
      <TextField name="slider_height_desktop" label="Carousel height, desktop (px)" inputMode="numeric" value={draft.slider_height_desktop} onChange={set('slider_height_desktop')} error={errors.slider_height_desktop} />
      <TextField name="slider_height_tablet" label="Carousel height, tablet (px)" inputMode="numeric" value={draft.slider_height_tablet} onChange={set('slider_height_tablet')} error={errors.slider_height_tablet} />
      <TextField name="slider_height_mobile" label="Carousel height, phone (px)" inputMode="numeric" value={draft.slider_height_mobile} onChange={set('slider_height_mobile')} error={errors.slider_height_mobile} />
      <TextField
        name="credit_card_monthly_cap"
        label="Credit card limit per customer per month (£)"
        inputMode="decimal"
        hint="UK prize-draw code: the most one customer may pay by credit card in a calendar month (London time). Checkouts that would go over it are refused; debit cards and site credit are not limited by it."
        value={draft.credit_card_monthly_cap}
        onChange={set('credit_card_monthly_cap')}
        error={errors.credit_card_monthly_cap}
      />
      <div className="bo-field">
        <label htmlFor="bo-frontend-scripts" className="bo-field__label">
          Front-end scripts
        </label>
        <textarea id="bo-frontend-scripts" className="bo-field__input bo-code" rows={4} maxLength={20000} value={draft.frontend_scripts} onChange={(e) => set('frontend_scripts')(e.target.value)} />
        <p className="bo-field__hint">Runs on every shop page for every visitor: only code you trust.</p>
      </div>
      <button type="submit" className="bo-button" aria-disabled={busy || undefined}>
        {busy ? 'Saving…' : 'Save settings'}
      </button>
    </form>
  );
}
