import { ApiError, apiRequest, calls } from '@cgg/contracts';
import { staffCalls } from '@cgg/contracts/staff';
import { staffRequest } from '../api/staff-api.ts';
import { useStaffData, type Loaded } from '../api/use-staff-data.ts';
import { FormAlert } from '../components/form-alert.tsx';
import { Spinner } from '../components/spinner.tsx';
import { FaqEditor } from './faq-editor.tsx';
import { HarmSettingsForm } from './harm-settings-form.tsx';
import { HowItWorksForm } from './how-it-works-form.tsx';
import { LegalTermsEditor } from './legal-terms-editor.tsx';
import { PostalRouteForm } from './postal-route-form.tsx';
import { SeoRowForm } from './seo-row-form.tsx';
import { SettingsForm } from './settings-form.tsx';

/** A page not written yet (404) is an empty form: saving writes it. */
const orNothing = <T,>(load: Promise<T>): Promise<T | null> => load.catch((error: unknown) => {
  if (error instanceof ApiError && error.status === 404) return null;
  throw error;
});

/** Loading, a failure, or the section's editor. */
function Section<T>({ loaded, what, children }: { loaded: Loaded<T>; what: string; children: (data: T) => React.ReactNode }) {
  if (loaded.state === 'loading') return <Spinner label={`Loading ${what}…`} />;
  if (loaded.state === 'failed') return <FormAlert message={loaded.message} />;
  return <>{children(loaded.data)}</>;
}

/** Admins: the shop settings, each page's SEO row, and the pages' copy, each change in the audit log. */
export function ContentScreen() {
  // The settings as admins see them (with the rules the shop keeps to itself, e.g. the credit-card cap);
  // the copy as the shop reads it (the public calls), fresh, not from a cache.
  const settings = useStaffData('settings', () => staffRequest((o) => apiRequest(staffCalls.staffSettings, {}, o)));
  const seo = useStaffData('seo', () => staffRequest((o) => apiRequest(staffCalls.staffSeoList, {}, o)));
  const faqs = useStaffData('faqs', () => staffRequest((o) => apiRequest(staffCalls.staffFaqList, {}, o)));
  const legal = useStaffData('legal', () => apiRequest(calls.getLegalTerms, undefined));
  const howItWorks = useStaffData('how-it-works', () => orNothing(apiRequest(calls.howItWorks, undefined).then((r) => r.data)));
  const harm = useStaffData('harm-settings', () => staffRequest((o) => apiRequest(staffCalls.staffHarmSettings, {}, o)));
  const postal = useStaffData('postal-route', () => orNothing(apiRequest(calls.getFreePostalRoute, undefined).then((r) => r.data)));
  return (
    <section aria-labelledby="bo-content-title">
      <h1 id="bo-content-title" className="bo-title">
        Site content
      </h1>
      <h2 className="bo-card__title">Shop settings</h2>
      {settings.loaded.state === 'loading' && <Spinner label="Loading the settings…" />}
      {settings.loaded.state === 'failed' && <FormAlert message={settings.loaded.message} />}
      {settings.loaded.state === 'loaded' && <SettingsForm settings={settings.loaded.data.data} onSaved={settings.reload} />}
      <h2 className="bo-card__title">Review thresholds</h2>
      <p className="bo-muted">When a customer is flagged for a review of their play (the Reviews section).</p>
      <Section loaded={harm.loaded} what="the review thresholds">
        {(answer) => <HarmSettingsForm settings={answer.data} onSaved={harm.reload} />}
      </Section>
      <h2 className="bo-card__title">Page titles and descriptions</h2>
      {seo.loaded.state === 'loading' && <Spinner label="Loading the pages…" />}
      {seo.loaded.state === 'failed' && <FormAlert message={seo.loaded.message} />}
      {seo.loaded.state === 'loaded' && (
        <div className="bo-cards">
          {seo.loaded.data.data.map((row) => (
            <SeoRowForm key={row.page} row={row} />
          ))}
        </div>
      )}
      <h2 className="bo-card__title">FAQs</h2>
      <Section loaded={faqs.loaded} what="the FAQs">
        {(answer) => <FaqEditor faqs={answer.data} />}
      </Section>
      <h2 className="bo-card__title">Legal terms</h2>
      <Section loaded={legal.loaded} what="the legal terms">
        {(answer) => <LegalTermsEditor terms={answer.data} />}
      </Section>
      <h2 className="bo-card__title">How it works</h2>
      <Section loaded={howItWorks.loaded} what="how it works">
        {(content) => <HowItWorksForm content={content} />}
      </Section>
      <h2 className="bo-card__title">Free postal route</h2>
      <Section loaded={postal.loaded} what="the postal route">
        {(route) => <PostalRouteForm route={route} />}
      </Section>
    </section>
  );
}
