import { useState } from 'react';
import { apiRequest } from '@cgg/contracts';
import { harmRuleLabels, STAFF_LIST_CAPS, staffCalls, type ReviewFlag } from '@cgg/contracts/staff';
import { Link } from 'react-router-dom';
import { staffRequest } from '../api/staff-api.ts';
import { useStaffData } from '../api/use-staff-data.ts';
import { CappedNote } from '../components/capped-note.tsx';
import { FormAlert } from '../components/form-alert.tsx';
import { inLondon } from '../components/london-time.ts';
import { Spinner } from '../components/spinner.tsx';
import { ADMIN_BASE } from '../layout/sections.ts';
import { ReviewForm } from './review-form.tsx';

/**
 * Admins and support: customers the harm markers flagged (UK code 1.6 to 1.8), one flag per
 * rule, newest first, each with what set it off. Recording what was done closes the flag (and
 * takes the customer off the dashboard's "Customers to look at" once none is left open).
 */
export function ReviewsScreen() {
  const { loaded } = useStaffData('reviews', () => staffRequest((o) => apiRequest(staffCalls.staffReviews, {}, o)).then((a) => a.data));
  const [changed, setChanged] = useState<ReviewFlag[] | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  return (
    <section aria-labelledby="bo-reviews-title">
      <h1 id="bo-reviews-title" className="bo-title">
        Reviews
      </h1>
      <p className="bo-muted">Customers whose play a rule has flagged. Look at their account, act if needed, then record what you did.</p>
      {notice && (
        <p className="bo-success" role="status">
          {notice}
        </p>
      )}
      {loaded.state === 'loading' && <Spinner label="Loading the reviews…" />}
      {loaded.state === 'failed' && <FormAlert message={loaded.message} />}
      {loaded.state === 'loaded' && <Queue flags={changed ?? loaded.data} onClosed={(next, name) => {
        setChanged(next);
        setNotice(`Review of ${name} recorded.`);
      }} />}
    </section>
  );
}

function Queue({ flags, onClosed }: { flags: ReviewFlag[]; onClosed: (next: ReviewFlag[], name: string) => void }) {
  if (flags.length === 0) return <p className="bo-muted">Nothing to review.</p>;
  return (
    <>
    <CappedNote shown={flags.length} cap={STAFF_LIST_CAPS.openFlags}>
      Only the newest {STAFF_LIST_CAPS.openFlags} open flags are shown. Older ones appear here as these are closed.
    </CappedNote>
    <ul className="bo-cards" aria-label="Flags to review">
      {flags.map((f) => (
        <li key={f.id} className="bo-card">
          <h2 className="bo-card__title">
            <Link to={`${ADMIN_BASE}/customers/${f.customer_id}`}>{f.name}</Link> <span className="bo-muted">#{f.customer_id}</span>
          </h2>
          <p>
            <strong>{harmRuleLabels[f.rule]}</strong>: {f.text}
          </p>
          <p className="bo-muted">Flagged {inLondon(f.raised_at)}</p>
          <ReviewForm flag={f} onSaved={(next) => onClosed(next, f.name)} />
        </li>
      ))}
    </ul>
    </>
  );
}
