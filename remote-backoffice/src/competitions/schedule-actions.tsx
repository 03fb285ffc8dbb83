import { useState } from 'react';
import { apiRequest } from '@cgg/contracts';
import { staffCalls, type StaffCompetition } from '@cgg/contracts/staff';
import { Link, useNavigate } from 'react-router-dom';
import { failureMessage, staffRequest } from '../api/staff-api.ts';
import { FormAlert } from '../components/form-alert.tsx';
import { useAskKey } from '../components/use-ask-key.ts';
import { ADMIN_BASE } from '../layout/sections.ts';

/** A competition's schedule for its editors: edit it, publish a draft, take it back while unsold, or duplicate it. */
export function ScheduleActions({ competition, onMoved }: { competition: StaffCompetition; onMoved: (message: string) => void }) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // Duplicate pressed again after a lost answer: the same key, so one copy is made.
  const copyKey = useAskKey();

  async function move(action: 'publish' | 'unpublish' | 'duplicate') {
    if (busy) return;
    setBusy(true);
    setFailure(null);
    try {
      const ask = { id: competition.id, action };
      const answer = await staffRequest((o) => apiRequest(staffCalls.staffCompetitionSchedule, action === 'duplicate' ? { ...ask, idempotency_key: copyKey.keyFor(ask) } : ask, o));
      if (action === 'duplicate') copyKey.done();
      if (action === 'duplicate') navigate(`${ADMIN_BASE}/competitions/${answer.data.id}/edit`);
      else onMoved(answer.data.message);
    } catch (error) {
      setFailure(failureMessage(error));
    } finally {
      setBusy(false);
    }
  }

  const unsold = competition.paid_entries + competition.postal_entries === 0;
  return (
    <div className="bo-filters" role="group" aria-label="Schedule">
      {competition.stage !== 'drawn' && competition.stage !== 'cancelled' && (
        <Link className="bo-small-button" to={`${ADMIN_BASE}/competitions/${competition.id}/edit`}>
          Edit
        </Link>
      )}
      {competition.stage === 'draft' && (
        <button type="button" className="bo-button" aria-disabled={busy || undefined} onClick={() => void move('publish')}>
          Publish
        </button>
      )}
      {competition.stage === 'open' && unsold && (
        <button type="button" className="bo-small-button" aria-disabled={busy || undefined} onClick={() => void move('unpublish')}>
          Back to draft
        </button>
      )}
      <button type="button" className="bo-small-button" aria-disabled={busy || undefined} onClick={() => void move('duplicate')}>
        Duplicate
      </button>
      <FormAlert message={failure} />
    </div>
  );
}
