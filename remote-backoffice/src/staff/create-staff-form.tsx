import { useState, type FormEvent } from 'react';
import { isEmail } from '@cgg/contracts/forms';
import { apiRequest } from '@cgg/contracts';
import { staffCalls, staffCreateRequestSchema, type StaffMember, type StaffRole } from '@cgg/contracts/staff';
import { failureMessage, staffRequest } from '../api/staff-api.ts';
import { fieldErrorsOf, hasErrors, type FieldErrors } from '../components/field-errors.ts';
import { FormAlert } from '../components/form-alert.tsx';
import { TextField } from '../components/text-field.tsx';
import { roleNames, roles } from './role-names.ts';

/**
 * Admins add a member: the API mails them a link to choose their own password (the admin never
 * knows it), and they enrol an authenticator app at first sign-in.
 */
export function CreateStaffForm({ onCreated }: { onCreated: (member: StaffMember) => void }) {
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [role, setRole] = useState<StaffRole>('support');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setRefusal(null);
    const payload = { email: email.trim(), name: name.trim(), role };
    const parsed = staffCreateRequestSchema.safeParse(payload);
    const found = parsed.success ? {} : fieldErrorsOf(parsed.error.issues);
    if (!isEmail(payload.email)) found.email = 'Enter a valid email address.';
    // Empty is the only name error left: the field takes at most the contract's 100 characters.
    if (found.name) found.name = 'Enter their name.';
    setErrors(found);
    if (hasErrors(found)) return;
    setBusy(true);
    try {
      const answer = await staffRequest((o) => apiRequest(staffCalls.staffCreate, payload, o));
      setEmail('');
      setName('');
      onCreated(answer.data);
    } catch (error) {
      setRefusal(failureMessage(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="bo-form bo-card" onSubmit={submit} noValidate aria-labelledby="bo-create-staff-title">
      <h2 id="bo-create-staff-title" className="bo-card__title">
        Add a staff member
      </h2>
      <FormAlert message={refusal} />
      <TextField name="new-email" label="Email address" type="email" autoComplete="off" value={email} onChange={setEmail} error={errors.email} />
      <TextField name="new-name" label="Name" autoComplete="off" value={name} onChange={setName} error={errors.name} maxLength={100} />
      <div className="bo-field">
        <label htmlFor="bo-new-role" className="bo-field__label">
          Role
        </label>
        <select id="bo-new-role" className="bo-field__input" value={role} onChange={(e) => setRole(e.target.value as StaffRole)}>
          {roles.map((r) => (
            <option key={r} value={r}>
              {roleNames[r]}
            </option>
          ))}
        </select>
      </div>
      <p className="bo-muted">We email them a link to choose their own password.</p>
      <button type="submit" className="bo-button" aria-disabled={busy || undefined}>
        {busy ? 'Adding…' : 'Add staff member'}
      </button>
    </form>
  );
}
