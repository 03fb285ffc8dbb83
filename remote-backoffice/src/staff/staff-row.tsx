import { useRef, useState } from 'react';
import { apiRequest } from '@cgg/contracts';
import { STAFF_PASSWORD_LINK_DAYS, staffCalls, type StaffAccount, type StaffMember, type StaffRole } from '@cgg/contracts/staff';
import { failureMessage, staffRequest } from '../api/staff-api.ts';
import { ConfirmPanel } from '../components/confirm-panel.tsx';
import { ResetSignInPanel } from './reset-sign-in-panel.tsx';
import { roleNames, roles } from './role-names.ts';

type Change = { role?: StaffRole; refund_limit?: string | null; disabled?: boolean };
/**
 * A change that alters what someone may do (role, disabling) waits for the admin's yes. `from`:
 * the control that asked, which has the focus back once the question is answered.
 */
type Pending = { change: Change; question: string; yes: string; from: 'role' | 'toggle' };

/**
 * One member, as an admin changes them: role, support's refund limit, disabled or not, and a lost
 * sign-in reset. A refund limit or re-enabling is saved (and audited) at once; a new role, disabling
 * or a reset is asked about first, because a slip of the select or a click on the wrong row would
 * change what a colleague may do, or sign them out, there and then.
 */
export function StaffRow({ account, me, onChanged }: { account: StaffAccount; me: StaffMember; onChanged: (a: StaffAccount) => void }) {
  const [limit, setLimit] = useState(account.refund_limit ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [pending, setPending] = useState<Pending | null>(null);
  const roleSelect = useRef<HTMLSelectElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const resetButton = useRef<HTMLButtonElement>(null);
  const [resetting, setResetting] = useState(false);
  const [resetDone, setResetDone] = useState(false);
  const self = account.id === me.id;
  const label = `${account.name}`;

  async function save(change: Change) {
    if (busy) return;
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

  /** The question answered (yes or go back): gone, and the focus back on what asked it, not dropped to the page. */
  function close(p: Pending) {
    setPending(null);
    (p.from === 'role' ? roleSelect : toggle).current?.focus();
  }

  async function confirm(p: Pending) {
    if (busy) return;
    await save(p.change);
    close(p);
  }

  function askRole(role: StaffRole) {
    setProblem(null);
    setResetting(false);
    if (role === account.role) return setPending(null);
    setPending({
      change: { role },
      question: `Change ${label}'s role from ${roleNames[account.role]} to ${roleNames[role]}? Their next request uses the new role's screens and limits.`,
      yes: 'Yes, change the role',
      from: 'role',
    });
  }

  function askDisable() {
    setProblem(null);
    setResetting(false);
    setPending({ change: { disabled: true }, question: `Disable ${label}? They are signed out at once and cannot sign in until an admin enables them again.`, yes: `Yes, disable ${label}`, from: 'toggle' });
  }

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
        {resetDone && (
          <p className="bo-success" role="status">
            Sign-in reset. We have emailed {label} a link to choose a new password (it works for {STAFF_PASSWORD_LINK_DAYS} days).
          </p>
        )}
        {resetting && (
          <ResetSignInPanel
            account={account}
            onReset={(changed) => {
              setResetting(false);
              setResetDone(true);
              onChanged(changed);
              resetButton.current?.focus();
            }}
            onClose={() => {
              setResetting(false);
              resetButton.current?.focus();
            }}
          />
        )}
        {pending && (
          <ConfirmPanel
            label={`Confirm the change to ${label}`}
            question={pending.question}
            yes={pending.yes}
            busyText="Saving…"
            busy={busy}
            small
            // From the button, the question takes the focus; from the select it is only announced.
            takeFocus={pending.from === 'toggle'}
            onYes={() => void confirm(pending)}
            onBack={() => close(pending)}
          />
        )}
      </td>
      <td>
        <select
          ref={roleSelect}
          aria-label={`Role of ${label}`}
          className="bo-field__input"
          value={pending?.change.role ?? account.role}
          disabled={self}
          aria-disabled={busy || undefined}
          onChange={(e) => !busy && askRole(e.target.value as StaffRole)}
        >
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
            if (busy) return;
            const value = limit.trim().replace(/^£/, '');
            if (value !== '' && !/^\d{1,6}(\.\d{1,2})?$/.test(value)) return setProblem('Enter an amount in pounds, e.g. 50 or 12.50, or leave it empty for no refunds.');
            void save({ refund_limit: value === '' ? null : value });
          }}
        >
          <input aria-label={`Refund limit of ${label} (£)`} className="bo-field__input bo-field__input--short" inputMode="decimal" value={limit} onChange={(e) => setLimit(e.target.value)} />
          <button type="submit" className="bo-small-button" aria-disabled={busy || undefined}>
            Save
          </button>
        </form>
      </td>
      <td>
        {account.second_factor ? 'Set up' : 'Not yet'}{' '}
        {/* Anyone's but their own: the member chooses the new password through a mailed link. */}
        {!self && (
          <button
            ref={resetButton}
            type="button"
            className="bo-small-button"
            aria-label={`Reset the sign-in of ${label}`}
            aria-expanded={resetting}
            onClick={() => {
              setProblem(null);
              setPending(null);
              setResetDone(false);
              setResetting(true);
            }}
          >
            Reset sign-in
          </button>
        )}
      </td>
      <td>
        {account.disabled ? 'Disabled' : 'Active'}{' '}
        {!self && (
          <button ref={toggle} type="button" className="bo-small-button" aria-disabled={busy || undefined} onClick={() => !busy && (account.disabled ? void save({ disabled: false }) : askDisable())}>
            {account.disabled ? `Enable ${label}` : `Disable ${label}`}
          </button>
        )}
      </td>
    </tr>
  );
}
