import { ApiError, apiRequest, calls, contactLimits } from '@cgg/contracts';
import { useRef, useState, type FormEvent } from 'react';
import { SitePage } from '../site-page.tsx';
import { sitePageMeta } from '../../site-content/site-page-meta.ts';
import { contactFields, validateContact, type ContactErrors, type ContactField, type ContactValues } from './contact-validation.ts';

const labels: Record<ContactField, string> = { name: 'Your name', email: 'Email address', subject: 'Subject', message: 'Message' };
const empty: ContactValues = { name: '', email: '', subject: '', message: '' };

/** Field errors the API sent back (`data.params`), for fields the form knows. */
function serverFieldErrors(error: ApiError): ContactErrors {
  const params = (error.data as { params?: unknown } | undefined)?.params;
  const errors: ContactErrors = {};
  if (params && typeof params === 'object' && !Array.isArray(params)) {
    for (const field of contactFields) {
      if (field in params) errors[field] = validateContact({ ...empty, [field]: '' })[field] ?? 'Please check this field.';
    }
  }
  return errors;
}

export function ContactPage() {
  const [values, setValues] = useState<ContactValues>(empty);
  const [errors, setErrors] = useState<ContactErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState<{ message: string; reference: string } | null>(null);
  const inputs = useRef<Partial<Record<ContactField, HTMLInputElement | HTMLTextAreaElement | null>>>({});

  const focusFirst = (found: ContactErrors) => {
    const first = contactFields.find((f) => found[f]);
    if (first) inputs.current[first]?.focus();
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const found = validateContact(values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirst(found);
      return;
    }
    setSending(true);
    try {
      const answer = await apiRequest(calls.contactUs, {
        name: values.name.trim(),
        email: values.email.trim(),
        subject: values.subject.trim(),
        message: values.message.trim(),
      });
      setSent({ message: answer.message, reference: answer.reference });
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) {
        const fieldErrors = serverFieldErrors(error);
        setErrors(fieldErrors);
        focusFirst(fieldErrors);
        setFormError('Please check the highlighted fields.');
      } else if (error instanceof ApiError && error.status === 429) {
        setFormError(error.message);
      } else {
        console.warn('[shell] contact form failed', error);
        setFormError(error instanceof ApiError && error.status < 500 ? error.message : 'We could not send your message just now. Please try again in a few minutes.');
      }
    } finally {
      setSending(false);
    }
  };

  const field = (name: ContactField, multiline = false) => {
    const error = errors[name];
    const common = {
      id: `contact-${name}`,
      name,
      value: values[name],
      'aria-invalid': error ? true : undefined,
      'aria-describedby': error ? `contact-${name}-error` : undefined,
      onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: e.target.value })),
      className: 'sh-input',
    };
    return (
      <div className="sh-field">
        <label htmlFor={`contact-${name}`} className="sh-field__label">
          {labels[name]}
        </label>
        {multiline ? (
          <textarea {...common} ref={(el) => void (inputs.current[name] = el)} rows={6} maxLength={contactLimits.message} />
        ) : (
          <input
            {...common}
            ref={(el) => void (inputs.current[name] = el)}
            type={name === 'email' ? 'email' : 'text'}
            autoComplete={name === 'name' ? 'name' : name === 'email' ? 'email' : 'off'}
            maxLength={contactLimits[name]}
          />
        )}
        {error ? (
          <p id={`contact-${name}-error`} className="sh-field__error">
            {error}
          </p>
        ) : null}
      </div>
    );
  };

  return (
    <SitePage
      {...sitePageMeta.contact}
      intro="Questions about an entry, a prize or your account? Send us a message and our UK team will reply by email."
    >
      {sent ? (
        <div className="sh-card sh-confirmation" role="status">
          <h2>Message sent</h2>
          <p>{sent.message}</p>
          <p>
            Your reference: <strong>{sent.reference}</strong>
          </p>
        </div>
      ) : (
        <form className="sh-card sh-form" noValidate onSubmit={onSubmit} aria-label="Contact form">
          {formError ? (
            <p className="sh-form__error" role="alert">
              {formError}
            </p>
          ) : null}
          {field('name')}
          {field('email')}
          {field('subject')}
          {field('message', true)}
          <button type="submit" className="sh-button" disabled={sending}>
            {sending ? 'Sending…' : 'Send message'}
          </button>
        </form>
      )}
    </SitePage>
  );
}
