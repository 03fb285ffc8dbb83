import { complaintCalls, complaintCategories, complaintCategoryLabels, complaintLimits } from '@cgg/contracts/complaints';
import { apiRequest, readSessionToken } from '@cgg/contracts';
import { Fragment } from 'react';
import { FormField, SentNotice } from '../forms/form-field.tsx';
import { paramsErrors, useSentForm } from '../forms/use-sent-form.ts';
import { complaintFields, validateComplaint, type ComplaintField, type ComplaintValues } from './complaint-validation.ts';

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

/** The complaint form: checked field by field; on success, the reference and when our answer is due. */
export function ComplaintForm() {
  const form = useSentForm({
    fields: complaintFields,
    empty,
    validate: validateComplaint,
    send: (v, key) => {
      // Signed in: the token ties the complaint to the account, so staff see it with the customer's orders.
      const token = readSessionToken();
      return apiRequest(complaintCalls.fileComplaint, {
        ...(token ? { token } : {}),
        name: v.name.trim(),
        email: v.email.trim(),
        ...(v.order_number.trim() ? { order_number: v.order_number.trim() } : {}),
        category: v.category as (typeof complaintCategories)[number],
        details: v.details.trim(),
        idempotency_key: key,
      });
    },
    // The API's messages are the form's own (the contracts' schema), but for the category's.
    serverErrors: (error) => paramsErrors(error, complaintFields, (field, sent) => (field === 'category' || typeof sent !== 'string' ? 'Please check this field.' : sent)),
    unreachable: 'We could not record your complaint just now. Please try again in a few minutes; what you typed is still here.',
    logName: 'complaint form',
  });

  const field = (name: ComplaintField) => (
    <FormField id={`complaint-${name}`} label={labels[name]} hint={hints[name]} error={form.errors[name]}>
      {(control) => {
        const common = { ...control, name, value: form.values[name], className: 'sh-input', onChange: (e: { target: { value: string } }) => form.setValue(name, e.target.value) };
        if (name === 'details') return <textarea {...common} ref={form.controlRef(name)} rows={8} maxLength={complaintLimits.details} />;
        if (name === 'category') {
          return (
            <select {...common} ref={form.controlRef(name)}>
              <option value="">Choose one</option>
              {complaintCategories.map((c) => (
                <option key={c} value={c}>
                  {complaintCategoryLabels[c]}
                </option>
              ))}
            </select>
          );
        }
        return (
          <input
            {...common}
            ref={form.controlRef(name)}
            type={name === 'email' ? 'email' : 'text'}
            inputMode={name === 'order_number' ? 'numeric' : undefined}
            autoComplete={name === 'name' ? 'name' : name === 'email' ? 'email' : 'off'}
            maxLength={name === 'name' ? complaintLimits.name : name === 'email' ? complaintLimits.email : 10}
          />
        );
      }}
    </FormField>
  );

  if (form.sent) return <SentNotice title="Complaint received" message={form.sent.message} reference={form.sent.reference} />;
  return (
    <form className="sh-card sh-form" noValidate onSubmit={form.onSubmit} aria-label="Complaint form">
      {form.formError ? (
        <p className="sh-form__error" role="alert">
          {form.formError}
        </p>
      ) : null}
      {complaintFields.map((name) => (
        <Fragment key={name}>{field(name)}</Fragment>
      ))}
      <button type="submit" className="sh-button" aria-disabled={form.sending || undefined}>
        {form.sending ? 'Sending…' : 'Send complaint'}
      </button>
    </form>
  );
}
