import { complaintCalls, complaintCategories, complaintCategoryLabels, complaintLimits } from '@cgg/contracts/complaints';
import { ApiError, apiRequest, readSessionToken } from '@cgg/contracts';
import { Fragment, useRef, useState, type FormEvent } from 'react';
import { complaintFields, validateComplaint, type ComplaintErrors, type ComplaintField, type ComplaintValues } from './complaint-validation.ts';

const labels: Record<ComplaintField, string> = {
  name: 'Your name',
  email: 'Email address',
  order_number: 'Order number (optional)',
  category: 'What is it about?',
  details: 'Your complaint',
};
const empty: ComplaintValues = { name: '', email: '', order_number: '', category: '', details: '' };
const hints: Partial<Record<ComplaintField, string>> = {
  order_number: 'You will find it in your confirmation email or under My orders, e.g. 10016.',
  details: 'What happened, when, and what you would like us to do to put it right.',
};

/** Field errors the API sent back (`data.params`): its messages are the form's own (the contracts' schema). */
function serverFieldErrors(error: ApiError): ComplaintErrors {
  const params = (error.data as { params?: unknown } | undefined)?.params;
  const errors: ComplaintErrors = {};
  if (params && typeof params === 'object' && !Array.isArray(params)) {
    for (const field of complaintFields) {
      const message = (params as Record<string, unknown>)[field];
      if (message !== undefined) errors[field] = field === 'category' || typeof message !== 'string' ? 'Please check this field.' : message;
    }
  }
  return errors;
}

/** The complaint form: checked field by field; on success, the reference and when our answer is due. */
export function ComplaintForm() {
  const [values, setValues] = useState<ComplaintValues>(empty);
  const [errors, setErrors] = useState<ComplaintErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [filed, setFiled] = useState<{ message: string; reference: string } | null>(null);
  const inputs = useRef<Partial<Record<ComplaintField, HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement | null>>>({});

  const focusFirst = (found: ComplaintErrors) => {
    const first = complaintFields.find((f) => found[f]);
    if (first) inputs.current[first]?.focus();
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const found = validateComplaint(values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirst(found);
      return;
    }
    setSending(true);
    try {
      // Signed in: the token ties the complaint to the account, so staff see it with the customer's orders.
      const token = readSessionToken();
      const answer = await apiRequest(complaintCalls.fileComplaint, {
        ...(token ? { token } : {}),
        name: values.name.trim(),
        email: values.email.trim(),
        ...(values.order_number.trim() ? { order_number: values.order_number.trim() } : {}),
        category: values.category as (typeof complaintCategories)[number],
        details: values.details.trim(),
      });
      setFiled({ message: answer.message, reference: answer.reference });
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) {
        const fieldErrors = serverFieldErrors(error);
        setErrors(fieldErrors);
        focusFirst(fieldErrors);
        setFormError('Please check the highlighted fields.');
      } else if (error instanceof ApiError && error.status < 500) {
        setFormError(error.message);
      } else {
        console.warn('[shell] complaint form failed', error);
        setFormError('We could not record your complaint just now. Please try again in a few minutes; what you typed is still here.');
      }
    } finally {
      setSending(false);
    }
  };

  const describedBy = (name: ComplaintField) => [hints[name] ? `complaint-${name}-hint` : '', errors[name] ? `complaint-${name}-error` : ''].filter(Boolean).join(' ') || undefined;

  const field = (name: ComplaintField) => {
    const error = errors[name];
    const common = {
      id: `complaint-${name}`,
      name,
      value: values[name],
      'aria-invalid': error ? true : undefined,
      'aria-describedby': describedBy(name),
      onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: e.target.value })),
      className: 'sh-input',
    };
    const control =
      name === 'details' ? (
        <textarea {...common} ref={(el) => void (inputs.current[name] = el)} rows={8} maxLength={complaintLimits.details} />
      ) : name === 'category' ? (
        <select {...common} ref={(el) => void (inputs.current[name] = el)}>
          <option value="">Choose one</option>
          {complaintCategories.map((c) => (
            <option key={c} value={c}>
              {complaintCategoryLabels[c]}
            </option>
          ))}
        </select>
      ) : (
        <input
          {...common}
          ref={(el) => void (inputs.current[name] = el)}
          type={name === 'email' ? 'email' : 'text'}
          inputMode={name === 'order_number' ? 'numeric' : undefined}
          autoComplete={name === 'name' ? 'name' : name === 'email' ? 'email' : 'off'}
          maxLength={name === 'name' ? complaintLimits.name : name === 'email' ? complaintLimits.email : 10}
        />
      );
    return (
      <div className="sh-field">
        <label htmlFor={`complaint-${name}`} className="sh-field__label">
          {labels[name]}
        </label>
        {hints[name] ? (
          <p id={`complaint-${name}-hint`} className="sh-muted">
            {hints[name]}
          </p>
        ) : null}
        {control}
        {error ? (
          <p id={`complaint-${name}-error`} className="sh-field__error">
            {error}
          </p>
        ) : null}
      </div>
    );
  };

  if (filed) {
    return (
      <div className="sh-card sh-confirmation" role="status">
        <h2>Complaint received</h2>
        <p>{filed.message}</p>
        <p>
          Your reference: <strong>{filed.reference}</strong>
        </p>
      </div>
    );
  }
  return (
    <form className="sh-card sh-form" noValidate onSubmit={onSubmit} aria-label="Complaint form">
      {formError ? (
        <p className="sh-form__error" role="alert">
          {formError}
        </p>
      ) : null}
      {complaintFields.map((name) => (
        <Fragment key={name}>{field(name)}</Fragment>
      ))}
      <button type="submit" className="sh-button" disabled={sending}>
        {sending ? 'Sending…' : 'Send complaint'}
      </button>
    </form>
  );
}
