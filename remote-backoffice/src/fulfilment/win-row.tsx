import { useState } from 'react';
import { apiRequest } from '@cgg/contracts';
import { staffCalls, winStatusLabels, type StaffWin } from '@cgg/contracts/staff';
import { failureMessage, staffRequest } from '../api/staff-api.ts';
import { inLondon } from '../components/london-time.ts';

type Claim = NonNullable<StaffWin['claim']>;

/** The claim's next step, as the button names it: a prize is sent (with tracking), cash paid, anything else done. */
function nextStep(c: Claim): { state: 'processing' | 'fulfilled'; label: string } | null {
  if (c.state === 'received') return { state: 'processing', label: 'Start' };
  if (c.state === 'processing') return { state: 'fulfilled', label: c.deliver_to ? 'Mark sent' : c.pay_to ? 'Mark paid' : 'Mark done' };
  return null;
}

function whatToDo(w: StaffWin): string {
  if (w.settled) return `Settled by ${w.settled.by}${w.settled.note ? `: ${w.settled.note}` : ''}`;
  const c = w.claim;
  if (!c) return w.customer_id === null ? 'Not claimable online: contact the entrant and settle it below' : 'Waiting for the winner to claim';
  if (c.deliver_to) return `Send to ${c.deliver_to}`;
  if (c.pay_to) return `Pay £${c.amount} to account ${c.pay_to}`;
  return `£${c.amount} site credit (credited when claimed)`;
}

const ago = (days: number): string => (days === 0 ? 'today' : days === 1 ? 'yesterday' : `${days} days ago`);

/**
 * One win in the queue: who won what and when, what to do for it, and its status. A claim
 * moves on step by step (staff/claim_state); a win nobody has claimed can be reminded, once
 * a day. After either, the row reads its win again, so it shows the API's status.
 */
export function WinRow({ win, onChanged }: { win: StaffWin; onChanged: (w: StaffWin) => void }) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [tracking, setTracking] = useState('');
  const name = `${win.win_kind} win ${win.win_id}`;
  const step = win.claim ? nextStep(win.claim) : null;
  const asksTracking = step?.state === 'fulfilled' && win.claim?.deliver_to != null;

  async function act(work: () => Promise<StaffWin>) {
    if (busy) return;
    setBusy(true);
    setProblem(null);
    setNotice(null);
    try {
      onChanged(await work());
    } catch (error) {
      setProblem(failureMessage(error));
    } finally {
      setBusy(false);
    }
  }

  /** The win again as the API now sees it: its status is worked out there, in one place. */
  const reread = async (): Promise<StaffWin> => {
    const fresh = (await staffRequest((o) => apiRequest(staffCalls.staffWinQueue, { win_kind: win.win_kind, win_id: win.win_id }, o))).data[0];
    return fresh ?? win;
  };

  const move = (claim: Claim, to: 'processing' | 'fulfilled') =>
    act(async () => {
      const payload = { id: claim.id, state: to, ...(asksTracking && tracking.trim() ? { tracking_reference: tracking.trim() } : {}) };
      await staffRequest((o) => apiRequest(staffCalls.staffClaimState, payload, o));
      return reread();
    });

  const remind = () =>
    act(async () => {
      const sent = (await staffRequest((o) => apiRequest(staffCalls.staffWinReminder, { win_kind: win.win_kind, win_id: win.win_id }, o))).data;
      setNotice(`Reminder sent to ${sent.sent_to}.`);
      return reread();
    });

  return (
    <tr aria-label={name}>
      <td>
        {inLondon(win.won_at)}
        <br />
        <span className="bo-muted">{ago(win.days_since_win)}</span>
      </td>
      <td>
        {win.prize_title}
        <br />
        <span className="bo-muted">
          {win.competition_title}, ticket {win.ticket_number} ({win.win_kind} win{win.claim ? `, as ${win.claim.choice}` : ''})
        </span>
      </td>
      <td>
        {win.winner_name}
        <br />
        <span className="bo-muted">{win.winner_email}</span>
        <br />
        <span className="bo-muted">{win.customer_id !== null ? 'Has an account' : `No account (postal entry #${win.postal_entry_id ?? '?'})`}</span>
      </td>
      <td>{whatToDo(win)}</td>
      <td>
        {winStatusLabels[win.status]}
        {win.claim?.state === 'processing' && <span className="bo-muted"> · in progress</span>}
        {win.claim?.tracking_reference && <span className="bo-muted"> · tracking {win.claim.tracking_reference}</span>}
        {win.status === 'awaiting_claim' && win.reminded_at && <span className="bo-muted"> · reminded {inLondon(win.reminded_at)}</span>}{' '}
        {asksTracking && (
          <input
            className="bo-field__input bo-field__input--short"
            aria-label={`Tracking reference for ${name} (optional)`}
            placeholder="Tracking (optional)"
            maxLength={100}
            value={tracking}
            onChange={(e) => setTracking(e.target.value)}
          />
        )}{' '}
        {win.claim && step && (
          <button type="button" className="bo-small-button" aria-disabled={busy || undefined} onClick={() => void move(win.claim!, step.state)} aria-label={`${step.label}: ${name}`}>
            {step.label}
          </button>
        )}
        {win.status === 'awaiting_claim' && (
          <button type="button" className="bo-small-button" aria-disabled={busy || undefined} onClick={() => void remind()} aria-label={`Send a reminder: ${name}`}>
            Send a reminder
          </button>
        )}
        {notice && (
          <p className="bo-muted" role="status">
            {notice}
          </p>
        )}
        {problem && (
          <p className="bo-field__error" role="alert">
            {problem}
          </p>
        )}
      </td>
    </tr>
  );
}
