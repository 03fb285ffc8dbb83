import { useState } from 'react';
import { apiRequest } from '@cgg/contracts';
import { claimStates, staffCalls, type StaffClaim } from '@cgg/contracts/staff';
import { failureMessage, staffRequest } from '../api/staff-api.ts';
import { useStaffData } from '../api/use-staff-data.ts';
import { FilterSelect } from '../components/filter-select.tsx';
import { FormAlert } from '../components/form-alert.tsx';
import { inLondon } from '../components/london-time.ts';
import { Pager } from '../components/pager.tsx';
import { Spinner } from '../components/spinner.tsx';

type State = StaffClaim['state'];
const stateNames: Record<State, string> = { received: 'To do', processing: 'In progress', fulfilled: 'Done' };
/** The next step of a claim, as the button names it: a prize is sent (with tracking), cash paid, credit done. */
function nextStep(c: StaffClaim): { state: 'processing' | 'fulfilled'; label: string } | null {
  if (c.state === 'received') return { state: 'processing', label: 'Start' };
  if (c.state === 'processing') return { state: 'fulfilled', label: c.deliver_to ? 'Mark sent' : c.pay_to ? 'Mark paid' : 'Mark done' };
  return null;
}

function what(c: StaffClaim): string {
  if (c.deliver_to) return `Send to ${c.deliver_to}`;
  if (c.pay_to) return `Pay £${c.amount} to account ${c.pay_to}`;
  return `£${c.amount} site credit (credited when claimed)`;
}

function ClaimRow({ claim, onMoved }: { claim: StaffClaim; onMoved: (c: StaffClaim) => void }) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [tracking, setTracking] = useState('');
  const step = nextStep(claim);
  const asksTracking = step?.state === 'fulfilled' && claim.deliver_to !== null;
  async function move() {
    if (!step) return;
    setBusy(true);
    setProblem(null);
    const payload = { id: claim.id, state: step.state, ...(asksTracking && tracking.trim() ? { tracking_reference: tracking.trim() } : {}) };
    try {
      onMoved((await staffRequest((o) => apiRequest(staffCalls.staffClaimState, payload, o))).data);
    } catch (error) {
      setProblem(failureMessage(error));
    } finally {
      setBusy(false);
    }
  }
  const label = `Claim ${claim.id}`;
  return (
    <tr aria-label={label}>
      <td>
        #{claim.id}
        <br />
        <span className="bo-muted">{inLondon(claim.created_at)}</span>
      </td>
      <td>
        {claim.prize_title}
        <br />
        <span className="bo-muted">
          {claim.win_kind} win, as {claim.choice}
        </span>
      </td>
      <td>{claim.customer_email}</td>
      <td>{what(claim)}</td>
      <td>
        {stateNames[claim.state]}
        {claim.tracking_reference && <span className="bo-muted"> · tracking {claim.tracking_reference}</span>}{' '}
        {asksTracking && (
          <input
            className="bo-field__input bo-field__input--short"
            aria-label={`Tracking reference for claim ${claim.id} (optional)`}
            placeholder="Tracking (optional)"
            maxLength={100}
            value={tracking}
            onChange={(e) => setTracking(e.target.value)}
          />
        )}{' '}
        {step && (
          <button type="button" className="bo-small-button" disabled={busy} onClick={() => void move()} aria-label={`${step.label}: claim ${claim.id}`}>
            {step.label}
          </button>
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

/** Prize claims to fulfil, oldest first: what to send, pay or credit, and each claim moved forward as the work is done. */
export function FulfilmentScreen() {
  const [state, setState] = useState<State | ''>('received');
  const [page, setPage] = useState(1);
  const [moved, setMoved] = useState<Record<number, StaffClaim>>({});
  const request = { page, ...(state ? { state } : {}) };
  const { loaded } = useStaffData(JSON.stringify(request), () => staffRequest((o) => apiRequest(staffCalls.staffClaims, request, o)));

  return (
    <section aria-labelledby="bo-fulfilment-title">
      <h1 id="bo-fulfilment-title" className="bo-title">
        Fulfilment
      </h1>
      <div className="bo-filters">
        <FilterSelect
          id="bo-claim-state"
          label="Show"
          value={state}
          options={[...claimStates.map((s) => [s, stateNames[s]] as const), ['', 'Every claim']]}
          onChange={(v) => {
            setState(v as State | '');
            setPage(1);
          }}
        />
      </div>
      {loaded.state === 'loading' && <Spinner label="Loading claims…" />}
      {loaded.state === 'failed' && <FormAlert message={loaded.message} />}
      {loaded.state === 'loaded' && (
        <>
          {loaded.data.total === 0 ? (
            <p className="bo-muted">Nothing here.</p>
          ) : (
            <div className="bo-table-wrap">
              <table className="bo-table">
                <caption className="bo-visually-hidden">Prize claims</caption>
                <thead>
                  <tr>
                    <th scope="col">Claim</th>
                    <th scope="col">Prize</th>
                    <th scope="col">Winner</th>
                    <th scope="col">What to do</th>
                    <th scope="col">State</th>
                  </tr>
                </thead>
                <tbody>
                  {loaded.data.data.map((c) => (
                    <ClaimRow key={c.id} claim={moved[c.id] ?? c} onMoved={(m) => setMoved((all) => ({ ...all, [m.id]: m }))} />
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <Pager label="Claim pages" page={loaded.data.page} totalPages={loaded.data.total_pages} total={loaded.data.total} onPage={setPage} />
        </>
      )}
    </section>
  );
}
