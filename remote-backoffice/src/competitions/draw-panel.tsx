import { useState } from 'react';
import { apiRequest } from '@cgg/contracts';
import { staffCalls, type StaffCompetition, type StaffMember } from '@cgg/contracts/staff';
import { failureMessage, staffRequest } from '../api/staff-api.ts';
import { ConfirmPanel } from '../components/confirm-panel.tsx';
import { FormAlert } from '../components/form-alert.tsx';
import { inLondon } from '../components/london-time.ts';

type Drawn = { winning_ticket: number | null; entry_count: number; commitment: string; seed: string; entry_list_sha256: string; verify_url: string; entry_list_url: string };

/**
 * The live draw: the commitment published before entries closed, then (admins and operators,
 * after a confirmation) the draw itself, by the same function as the scheduler, with the seed,
 * the winner and what anyone needs to check it.
 */
export function DrawPanel({ competition, staff, onDrawn }: { competition: StaffCompetition; staff: StaffMember; onDrawn: () => void }) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [drawn, setDrawn] = useState<Drawn | null>(null);
  const mayDraw = staff.role === 'admin' || staff.role === 'operator';

  async function run() {
    if (busy) return;
    setProblem(null);
    setBusy(true);
    try {
      const answer = await staffRequest((o) => apiRequest(staffCalls.staffRunDraw, { competition_id: competition.id }, o));
      setDrawn(answer.data);
      onDrawn();
    } catch (error) {
      setProblem(failureMessage(error));
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  }

  return (
    <section className="bo-card" aria-labelledby="bo-draw-title">
      <h2 id="bo-draw-title" className="bo-card__title">
        Draw
      </h2>
      {competition.commitment && (
        <p>
          Commitment (SHA-256 of the secret seed, published before entries closed): <code className="bo-hash">{competition.commitment}</code>
        </p>
      )}
      {drawn ? (
        <div role="status" className="bo-draw-result">
          <p className="bo-draw-result__winner">
            {drawn.winning_ticket === null ? 'No entries: the competition closed without a winner.' : `Winning ticket: ${drawn.winning_ticket} of ${drawn.entry_count} entries`}
          </p>
          <p>
            Seed: <code className="bo-hash">{drawn.seed}</code>
          </p>
          <p>
            Entry list SHA-256: <code className="bo-hash">{drawn.entry_list_sha256}</code>
          </p>
          <p>
            <a href={drawn.entry_list_url}>Published entry list (CSV)</a> · <a href={drawn.verify_url}>How anyone verifies the draw</a>
          </p>
        </div>
      ) : competition.stage === 'drawn' ? (
        <p>
          Drawn: winning ticket {competition.winning_ticket ?? 'none (no entries)'}. <a href="/draw/results">Results and proofs</a>
        </p>
      ) : competition.stage === 'open' ? (
        <p className="bo-muted">The draw can run once entries close ({inLondon(competition.closing_at)}).</p>
      ) : !mayDraw ? (
        <p className="bo-muted">Entries have closed; an operator runs the draw.</p>
      ) : confirming ? (
        <ConfirmPanel
          label="Confirm the draw"
          question={`Draw ${competition.title} now, among ${competition.paid_entries + competition.postal_entries} entries? The result is final and published.`}
          yes="Yes, run the draw"
          busyText="Drawing…"
          busy={busy}
          back="Cancel"
          onYes={() => void run()}
          onBack={() => setConfirming(false)}
        />
      ) : (
        <button type="button" className="bo-button" onClick={() => setConfirming(true)}>
          Run the draw
        </button>
      )}
      <FormAlert message={problem} />
    </section>
  );
}
