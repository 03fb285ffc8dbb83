import { apiRequest, calls, contactLimits } from '@cgg/contracts';
import { SitePage } from '../site-page.tsx';
import { sitePageMeta } from '../../site-content/site-page-meta.ts';
import { FormField, SentNotice } from '../forms/form-field.tsx';
import { paramsErrors, useSentForm } from '../forms/use-sent-form.ts';
import { contactFields, validateContact, type ContactField, type ContactValues } from './contact-validation.ts';

const labels: Record<ContactField, string> = { name: 'Your name', email: 'Email address', subject: 'Subject', message: 'Message' };
const empty: ContactValues = { name: '', email: '', subject: '', message: '' };

export function ContactPage() {
  const form = useSentForm({
    fields: contactFields,
    empty,
    validate: validateContact,
    send: (v, key) =>
      apiRequest(calls.contactUs, { name: v.name.trim(), email: v.email.trim(), subject: v.subject.trim(), message: v.message.trim(), idempotency_key: key }),
    // A field the API refused gets the API's own words (the same messages as the checks above).
    serverErrors: (error) => paramsErrors(error, contactFields, (_field, said) => (typeof said === 'string' && said ? said : 'Please check this field.')),
    unreachable: 'We could not send your message just now. Please try again in a few minutes.',
    logName: 'contact form',
  });

  const field = (name: ContactField, multiline = false) => (
    <FormField id={`contact-${name}`} label={labels[name]} error={form.errors[name]}>
      {(control) => {
        const common = { ...control, name, value: form.values[name], className: 'sh-input', onChange: (e: { target: { value: string } }) => form.setValue(name, e.target.value) };
        return multiline ? (
          <textarea {...common} ref={form.controlRef(name)} rows={6} maxLength={contactLimits.message} />
        ) : (
          <input
            {...common}
            ref={form.controlRef(name)}
            type={name === 'email' ? 'email' : 'text'}
            autoComplete={name === 'name' ? 'name' : name === 'email' ? 'email' : 'off'}
            maxLength={contactLimits[name]}
          />
        );
      }}
    </FormField>
  );

  return (
    <SitePage
      {...sitePageMeta.contact}
      intro="Questions about an entry, a prize or your account? Send us a message and our UK team will reply by email."
    >
      {form.sent ? (
        <SentNotice title="Message sent" message={form.sent.message} reference={form.sent.reference} />
      ) : (
        <form className="sh-card sh-form" noValidate onSubmit={form.onSubmit} aria-label="Contact form">
          {form.formError ? (
            <p className="sh-form__error" role="alert">
              {form.formError}
            </p>
          ) : null}
          {field('name')}
          {field('email')}
          {field('subject')}
          {field('message', true)}
          <button type="submit" className="sh-button" aria-disabled={form.sending || undefined}>
            {form.sending ? 'Sending…' : 'Send message'}
          </button>
        </form>
      )}
    </SitePage>
  );
}
