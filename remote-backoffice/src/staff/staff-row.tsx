import { useState } from 'react';
import { apiRequest } from '@cgg/contracts';
import { staffCalls, type StaffAccount, type StaffMember, type StaffRole } from '@cgg/contracts/staff';
import { failureMessage, staffRequest } from '../api/staff-api.ts';
import { roleNames, roles } from './role-names.ts';

type Change = { role?: StaffRole; refund_limit?: string | null; disabled?: boolean };

/** One member, as an admin changes them: role, support's refund limit, disabled or not. Each change is saved (and audited) at once. */
export function StaffRow({ account, me, onChanged }: { account: StaffAccount; me: StaffMember; onChanged: (a: StaffAccount) => void }) {
  const [limit, setLimit] = useState(account.refund_limit ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const self = account.id === me.id;

  async function save(change: Change) {
    setProblem(null);
    setBusy(true);
    try {
      const answer = await staffRequest((o) => apiRequest(staffCalls.staffUpdate, { id: account.id, ...change }, o));
      setLimit(answer.data.refund_limit ?? '');
      onChanged(answer.data);
    } catch (error) {
      setProblem(failureMessage(error));
    } finally {
      setBusy(false);
    }
  }

  const label = `${account.name}`;
  return (
    <tr aria-label={label} className={account.disabled ? 'bo-row--disabled' : undefined}>
      <td>
        {account.name}
        <br />
        <span className="bo-muted">{account.email}</span>
        {problem && (
          <p className="bo-field__error" role="alert">
            {problem}
          </p>
        )}
      </td>
      <td>
        <select aria-label={`Role of ${label}`} className="bo-field__input" value={account.role} disabled={busy || self} onChange={(e) => void save({ role: e.target.value as StaffRole })}>
          {roles.map((r) => (
            <option key={r} value={r}>
              {roleNames[r]}
            </option>
          ))}
        </select>
      </td>
      <td>
        <form
          className="bo-inline"
          onSubmit={(e) => {
            e.preventDefault();
            const value = limit.trim().replace(/^£/, '');
            if (value !== '' && !/^\d{1,6}(\.\d{1,2})?$/.test(value)) return setProblem('Enter an amount in pounds, e.g. 50 or 12.50, or leave it empty for no refunds.');
            void save({ refund_limit: value === '' ? null : value });
          }}
        >
          <input aria-label={`Refund limit of ${label} (£)`} className="bo-field__input bo-field__input--short" inputMode="decimal" value={limit} onChange={(e) => setLimit(e.target.value)} disabled={busy} />
          <button type="submit" className="bo-small-button" disabled={busy}>
            Save
          </button>
        </form>
      </td>
      <td>{account.second_factor ? 'Set up' : 'Not yet'}</td>
      <td>
        {account.disabled ? 'Disabled' : 'Active'}{' '}
        {!self && (
          <button type="button" className="bo-small-button" disabled={busy} onClick={() => void save({ disabled: !account.disabled })}>
            {account.disabled ? `Enable ${label}` : `Disable ${label}`}
          </button>
        )}
      </td>
    </tr>
  );
}
