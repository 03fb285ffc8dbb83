import { complaintRequestSchema } from '@cgg/contracts/complaints';

export type ComplaintField = 'name' | 'email' | 'order_number' | 'category' | 'details';
export type ComplaintValues = Record<ComplaintField, string>;
export type ComplaintErrors = Partial<Record<ComplaintField, string>>;

export const complaintFields: ComplaintField[] = ['name', 'email', 'order_number', 'category', 'details'];

/** Messages for the cases the contracts' schema words for developers, not customers. */
const plainer: Partial<Record<ComplaintField, (value: string) => string | null>> = {
  email: (v) => (v.trim() === '' ? 'Please enter your email address, so we can send you our answer.' : null),
  category: () => 'Please choose what your complaint is about.',
};

/** The API's own rules (the contracts' schema), checked field by field before anything is sent. */
export function validateComplaint(values: ComplaintValues): ComplaintErrors {
  const parsed = complaintRequestSchema.safeParse({ ...values, order_number: values.order_number.trim() || undefined });
  const errors: ComplaintErrors = {};
  if (parsed.success) return errors;
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as ComplaintField;
    if (!complaintFields.includes(field) || errors[field]) continue;
    errors[field] = plainer[field]?.(values[field]) ?? issue.message;
  }
  return errors;
}
