import { apiRequest, calls } from '@cgg/contracts';
import { staffCalls } from '@cgg/contracts/staff';
import { staffRequest } from '../api/staff-api.ts';
import { useStaffData } from '../api/use-staff-data.ts';
import { FormAlert } from '../components/form-alert.tsx';
import { Spinner } from '../components/spinner.tsx';
import { SeoRowForm } from './seo-row-form.tsx';
import { SettingsForm } from './settings-form.tsx';

/** Admins: the shop settings and each page's SEO row, each change in the audit log. */
export function ContentScreen() {
  // The settings as the shop reads them (the public call), fresh, not from a cache.
  const settings = useStaffData('settings', () => apiRequest(calls.getsettings, undefined));
  const seo = useStaffData('seo', () => staffRequest((o) => apiRequest(staffCalls.staffSeoList, {}, o)));
  return (
    <section aria-labelledby="bo-content-title">
      <h1 id="bo-content-title" className="bo-title">
        Site content
      </h1>
      <h2 className="bo-card__title">Shop settings</h2>
      {settings.loaded.state === 'loading' && <Spinner label="Loading the settings…" />}
      {settings.loaded.state === 'failed' && <FormAlert message={settings.loaded.message} />}
      {settings.loaded.state === 'loaded' && <SettingsForm settings={settings.loaded.data.data} onSaved={settings.reload} />}
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
    </section>
  );
}
