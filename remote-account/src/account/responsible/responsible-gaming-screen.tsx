import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { flushSync } from 'react-dom';
import { accountCalls, type ResponsiblePlay } from '@cgg/contracts/account';
import { apiRequest, formatDisplayDate, formatPounds, poundsToPence } from '@cgg/contracts';
import { Spinner } from '../../components/spinner.tsx';
import { TextField } from '../../components/text-field.tsx';
import { usePageTitle } from '../../components/page-title.ts';
import { useAccountData } from '../../data/use-account-data.ts';
import { requireToken } from '../../data/session-token.ts';
import { errorText, toastError, toastSuccess } from '../../data/save-feedback.ts';
import { AMOUNT_MESSAGE, AMOUNT_PATTERN, durationLabel, limitChangeTiming, type Limit, type LimitDuration } from './limit-change.ts';
import { lockPeriods, type LockPeriod } from './lock-periods.ts';

const money = (pounds: string) => {
  try {
    return formatPounds(poundsToPence(pounds));
  } catch {
    return pounds;
  }
};

function currentLimit(rp: ResponsiblePlay): Limit | null {
  return rp.limit_duration && rp.limit_value !== null ? { duration: rp.limit_duration, value: rp.limit_value } : null;
}

type Pending =
  | { kind: 'limit'; next: Limit | null; timing: 'immediate' | 'after-24h' }
  | { kind: 'lock'; period: LockPeriod };

const londonTime = (iso: string) => new Date(iso).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/London' });

/** UK prize-draw code 1.4: the monthly limit (or no limit) the customer chose when first asked, and when. */
function choiceText(choice: NonNullable<ResponsiblePlay['limit_choice']>): string {
  const what = choice.monthly_limit === null ? 'No limit' : `${money(choice.monthly_limit)} a month`;
  return `${what}, chosen on ${formatDisplayDate(new Date(choice.chosen_at))} at ${londonTime(choice.chosen_at)}`;
}

function Status({ rp }: { rp: ResponsiblePlay }) {
  const limit = currentLimit(rp);
  return (
    <div className="acc-card acc-rg__status">
      {/* Focusable from script: a confirmed lock removes the form that had the focus. */}
      <h2 id="acc-limits-now" className="acc-card__title" tabIndex={-1}>
        Your limits now
      </h2>
      <dl className="acc-summary">
        <div>
          <dt>Spending limit</dt>
          <dd>{limit ? `${money(limit.value)} ${durationLabel[limit.duration]}` : 'No limit set'}</dd>
        </div>
        <div>
          <dt>Spent this period</dt>
          <dd>{money(rp.current_spending)}</dd>
        </div>
        <div>
          <dt>Account lock</dt>
          <dd>
            {rp.lock_account
              ? rp.locked_until
                ? `Locked until ${formatDisplayDate(new Date(rp.locked_until))} at ${londonTime(rp.locked_until)}`
                : 'Locked permanently'
              : 'Not locked'}
          </dd>
        </div>
        {rp.limit_choice && (
          <div>
            <dt>Your monthly limit choice</dt>
            <dd>{choiceText(rp.limit_choice)}</dd>
          </div>
        )}
      </dl>
      {rp.pending_limit_from && (
        <p className="acc-rg__pending" role="note">
          Pending change:{' '}
          {rp.pending_limit_duration && rp.pending_limit_value !== null
            ? `${money(rp.pending_limit_value)} ${durationLabel[rp.pending_limit_duration]}`
            : 'no limit'}{' '}
          from {formatDisplayDate(new Date(rp.pending_limit_from))} (
          {londonTime(rp.pending_limit_from)}).
        </p>
      )}
    </div>
  );
}

/** `/account/responsible/gaming`: spending limits and self-exclusion, each behind a confirmation step. */
export default function ResponsibleGamingScreen() {
  usePageTitle('Responsible gaming');
  const { data, isLoading, mutate } = useAccountData('responsiblePlay');
  const [duration, setDuration] = useState<LimitDuration | 'none'>('week');
  const [amount, setAmount] = useState('');
  const [amountError, setAmountError] = useState<string | undefined>();
  const [lockPeriod, setLockPeriod] = useState<LockPeriod>('24h');
  const [pending, setPending] = useState<Pending | null>(null);
  const [saving, setSaving] = useState(false);
  const confirmBox = useRef<HTMLDivElement>(null);
  // Which Review button opened the confirmation. The confirmation takes the forms' place, so
  // without this the focus would fall to the page's top both as it opens and as it closes.
  const openedBy = useRef<Pending['kind'] | null>(null);

  useEffect(() => {
    if (pending) {
      openedBy.current = pending.kind;
      // Read out as it opens: its role, title and question.
      confirmBox.current?.focus();
    } else if (openedBy.current) {
      // Back to the (new) Review button; after a lock is confirmed its form is gone, and the
      // limits now (saying until when) take the focus.
      (document.getElementById(`acc-review-${openedBy.current}`) ?? document.getElementById('acc-limits-now'))?.focus();
      openedBy.current = null;
    }
  }, [pending]);

  if (isLoading) return <Spinner label="Loading your limits" />;
  const rp = data?.data;
  if (!rp) {
    return (
      <section className="acc-screen">
        <h1 className="acc-page__title">Responsible gaming</h1>
        <p className="acc-empty">Your limits could not be loaded just now. Please try again later.</p>
      </section>
    );
  }

  function reviewLimit(e: FormEvent) {
    e.preventDefault();
    if (duration === 'none') {
      setAmountError(undefined);
      setPending({ kind: 'limit', next: null, timing: limitChangeTiming(currentLimit(rp!), null) });
      return;
    }
    const value = amount.trim();
    if (!AMOUNT_PATTERN.test(value)) {
      // On the page before the focus arrives, so a screen reader reads the message with the field.
      flushSync(() => setAmountError(AMOUNT_MESSAGE));
      document.getElementById('acc-limitAmount')?.focus();
      return;
    }
    setAmountError(undefined);
    const next = { duration, value };
    setPending({ kind: 'limit', next, timing: limitChangeTiming(currentLimit(rp!), next) });
  }

  async function confirm() {
    if (saving) return;
    if (!pending) return;
    setSaving(true);
    try {
      const body =
        pending.kind === 'lock'
          ? { token: requireToken(), lock_period: pending.period }
          : { token: requireToken(), limit_duration: pending.next?.duration ?? null, limit_value: pending.next?.value ?? null };
      const res = await apiRequest(accountCalls.updateResponsiblePlay, body);
      await mutate(res, { revalidate: false });
      toastSuccess(pending.kind === 'lock' ? 'Your account has been locked.' : 'Your spending limit has been updated.');
      setPending(null);
      setAmount('');
    } catch (error) {
      toastError(errorText(error, 'An error occurred.'));
    }
    setSaving(false);
  }

  return (
    <section className="acc-screen acc-rg">
      <h1 className="acc-page__title">Responsible gaming</h1>
      <p className="acc-page__intro">
        Set how much you can spend on entries, or take a break. Lowering a limit takes effect immediately; raising or removing it takes effect after 24 hours.
      </p>
      <Status rp={rp} />

      {pending ? (
        <div
          ref={confirmBox}
          className="acc-card acc-confirm"
          role="alertdialog"
          aria-labelledby="acc-confirm-title"
          aria-describedby="acc-confirm-text"
          tabIndex={-1}
          onKeyDown={(e: KeyboardEvent) => {
            // Escape cancels, as Cancel does (not while the change is being saved).
            if (e.key === 'Escape' && !saving) setPending(null);
          }}
        >
          <h2 id="acc-confirm-title" className="acc-card__title">
            Please confirm
          </h2>
          <p id="acc-confirm-text">
            {pending.kind === 'lock'
              ? `Lock your account ${pending.period === 'permanent' ? 'permanently' : `for ${lockPeriods.find((p) => p.value === pending.period)?.label}`}? You will not be able to enter competitions until the lock ends, and it cannot be undone before then.`
              : `${pending.next ? `Set your spending limit to ${money(pending.next.value)} ${durationLabel[pending.next.duration]}.` : 'Remove your spending limit.'} ${
                  pending.timing === 'immediate' ? 'This takes effect immediately.' : 'This takes effect after 24 hours.'
                }`}
          </p>
          <div className="acc-confirm__actions">
            <button type="button" className="acc-button" aria-disabled={saving || undefined} onClick={() => void confirm()}>
              {saving ? 'SAVING...' : 'Confirm'}
            </button>
            <button type="button" className="acc-button acc-button--ghost" aria-disabled={saving || undefined} onClick={() => !saving && setPending(null)}>
              Cancel
            </button>
          </div>
        </div>
      ) : (
        <>
          <form className="acc-form acc-card" noValidate onSubmit={reviewLimit}>
            <h2 className="acc-card__title">Spending limit</h2>
            <div className="acc-field">
              <label htmlFor="acc-limitDuration" className="acc-field__label">
                Limit period
              </label>
              <select id="acc-limitDuration" name="limitDuration" className="acc-field__input" value={duration} onChange={(e) => setDuration(e.target.value as LimitDuration | 'none')}>
                <option value="day">Per day</option>
                <option value="week">Per week</option>
                <option value="month">Per month</option>
                <option value="none">No limit</option>
              </select>
            </div>
            {duration !== 'none' && (
              <TextField
                name="limitAmount"
                id="acc-limitAmount"
                label="Amount (£, 0 allowed)"
                inputMode="decimal"
                value={amount}
                onChange={setAmount}
                error={amountError}
              />
            )}
            <button id="acc-review-limit" type="submit" className="acc-button">
              Review limit
            </button>
          </form>
          {!rp.lock_account && (
            <form
              className="acc-form acc-card"
              noValidate
              onSubmit={(e) => {
                e.preventDefault();
                setPending({ kind: 'lock', period: lockPeriod });
              }}
            >
              <h2 className="acc-card__title">Take a break</h2>
              <p>Lock your account for a while. You can still sign in to see your orders, but you cannot enter competitions until the lock ends.</p>
              <div className="acc-field">
                <label htmlFor="acc-lockPeriod" className="acc-field__label">
                  Lock for
                </label>
                <select id="acc-lockPeriod" name="lockPeriod" className="acc-field__input" value={lockPeriod} onChange={(e) => setLockPeriod(e.target.value as LockPeriod)}>
                  {lockPeriods.map((p) => (
                    <option key={p.value} value={p.value}>
                      {p.label}
                    </option>
                  ))}
                </select>
              </div>
              <button id="acc-review-lock" type="submit" className="acc-button acc-button--danger">
                Review lock
              </button>
            </form>
          )}
        </>
      )}
    </section>
  );
}
