import { useState, type FormEvent } from 'react';
import { apiRequest } from '@cgg/contracts';
import { staffCalls, staffCouponCreateRequestSchema, type StaffCoupon } from '@cgg/contracts/staff';
import { staffRequest } from '../api/staff-api.ts';
import { fieldErrorsOf, hasErrors, type FieldErrors, withFieldErrors } from '../components/field-errors.ts';
import { FormAlert } from '../components/form-alert.tsx';
import { TextField } from '../components/text-field.tsx';
import { useSave } from '../components/use-save.ts';

/** Issues a coupon: a code, an amount or a percentage off, optionally for one customer and until a last day. */
/** `onStart`: a new coupon is asked for, so what was said of the last one is old news. */
export function CouponForm({ onCreated, onStart }: { onCreated: (coupon: StaffCoupon) => void; onStart?: () => void }) {
  const [code, setCode] = useState('');
  const [kind, setKind] = useState<'amount' | 'percent'>('amount');
  const [value, setValue] = useState('');
  const [customer, setCustomer] = useState('');
  const [description, setDescription] = useState('');
  const [expiresOn, setExpiresOn] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useSave();

  async function submit(event: FormEvent) {
    event.preventDefault();
    save.reset();
    onStart?.();
    const found: FieldErrors = {};
    const trimmed = value.trim().replace(/^£/, '').replace(/%$/, '');
    const percentOff = /^\d{1,3}$/.test(trimmed) ? Number(trimmed) : null;
    if (kind === 'percent' && percentOff === null) found.percent = 'The percentage off is a whole number from 1 to 100.';
    if (customer.trim() && !/^\d{1,9}$/.test(customer.trim())) found.customer_id = 'Enter a customer number, or leave it empty for everyone.';
    const request = {
      code,
      ...(kind === 'amount' ? { amount: trimmed } : { percent: percentOff ?? 0 }),
      ...(customer.trim() && !found.customer_id ? { customer_id: Number(customer.trim()) } : {}),
      ...(description.trim() ? { description } : {}),
      ...(expiresOn ? { expires_on: expiresOn } : {}),
    };
    const parsed = staffCouponCreateRequestSchema.safeParse(request);
    const all = { ...(parsed.success ? {} : fieldErrorsOf(parsed.error.issues)), ...found };
    setErrors(all);
    if (hasErrors(all) || !parsed.success) return;
    await save.run(() => withFieldErrors(async () => {
      const made = (await staffRequest((o) => apiRequest(staffCalls.staffCouponCreate, parsed.data, o))).data;
      setCode('');
      setValue('');
      setCustomer('');
      setDescription('');
      setExpiresOn('');
      onCreated(made);
    }, setErrors));
  }

  return (
    <form className="bo-form bo-card" onSubmit={submit} noValidate aria-labelledby="bo-coupon-form-title">
      <h2 id="bo-coupon-form-title" className="bo-card__title">
        Issue a coupon
      </h2>
      <FormAlert message={save.refusal} />
      <TextField name="coupon-code" label="Code" hint="3-40 letters, digits, _ or -. Shoppers type it in any case." autoComplete="off" value={code} onChange={setCode} error={errors.code} maxLength={40} />
      <fieldset className="bo-field">
        <legend className="bo-field__label">Discount</legend>
        <label className="bo-check">
          <input type="radio" name="coupon-kind" checked={kind === 'amount'} onChange={() => setKind('amount')} /> Pounds off
        </label>{' '}
        <label className="bo-check">
          <input type="radio" name="coupon-kind" checked={kind === 'percent'} onChange={() => setKind('percent')} /> Percentage off
        </label>
      </fieldset>
      <TextField
        name="coupon-value"
        label={kind === 'amount' ? 'Amount off (£)' : 'Percentage off (%)'}
        inputMode={kind === 'amount' ? 'decimal' : 'numeric'}
        value={value}
        onChange={setValue}
        error={errors[kind]}
      />
      <TextField name="coupon-customer" label="For one customer (customer number)"  hint="Their number as the customer's account shows it (admins and support find it under Customers). Leave empty for everyone. A customer's own coupon works once." inputMode="numeric" value={customer} onChange={setCustomer} error={errors.customer_id} />
      <TextField name="coupon-description" label="Description" hint="Shown to the shopper with the discount; “CGG Coupon” when empty." value={description} onChange={setDescription} error={errors.description} maxLength={100} />
      <TextField name="coupon-expires" label="Last day (optional)" type="date" hint="It works until the end of this day, London time." value={expiresOn} onChange={setExpiresOn} error={errors.expires_on} />
      <button type="submit" className="bo-button" aria-disabled={save.busy || undefined}>
        {save.busy ? 'Issuing…' : 'Issue coupon'}
      </button>
    </form>
  );
}
