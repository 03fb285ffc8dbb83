import { useState } from 'react';
import { apiRequest } from '@cgg/contracts';
import { staffCalls, type StaffMember } from '@cgg/contracts/staff';
import { Link, useLocation, useParams } from 'react-router-dom';
import { staffRequest } from '../api/staff-api.ts';
import { useStaffData } from '../api/use-staff-data.ts';
import { FormAlert } from '../components/form-alert.tsx';
import { inLondon } from '../components/london-time.ts';
import { Spinner } from '../components/spinner.tsx';
import { ADMIN_BASE } from '../layout/sections.ts';
import { CancelCompetitionPanel } from './cancel-competition-panel.tsx';
import { DrawPanel } from './draw-panel.tsx';
import { EntriesPanel } from './entries-panel.tsx';
import { canEditCompetitions } from './competitions-area.tsx';
import { PostalEntriesPanel } from './postal-entries-panel.tsx';
import { ScheduleActions } from './schedule-actions.tsx';
import { stageNames } from './stage-names.ts';

/** One competition: its figures, its draw and its entries. */
export function CompetitionScreen({ staff }: { staff: StaffMember }) {
  const id = Number(useParams().id);
  // Recorded postal entries show in the list below at once.
  const [entriesRound, setEntriesRound] = useState(0);
  // The editor's "saved as a draft", or a schedule move's answer.
  const [notice, setNotice] = useState<string | null>((useLocation().state as { notice?: string } | null)?.notice ?? null);
  const valid = Number.isInteger(id) && id > 0;
  const { loaded, reload } = useStaffData(`competition ${id}`, () =>
    valid ? staffRequest((o) => apiRequest(staffCalls.staffCompetitions, { id }, o)) : Promise.resolve(null),
  );
  const back = <Link to={`${ADMIN_BASE}/competitions`}>All competitions</Link>;
  if (loaded.state === 'loading') return <Spinner label="Loading the competition…" />;
  if (loaded.state === 'failed') return <FormAlert message={loaded.message} />;
  const competition = loaded.data?.data[0];
  if (!competition) {
    return (
      <section>
        <h1 className="bo-title">Competition not found</h1>
        <p>There is no competition {valid ? id : 'at this address'}. {back}</p>
      </section>
    );
  }
  return (
    <section aria-labelledby="bo-competition-title">
      <p>{back}</p>
      <h1 id="bo-competition-title" className="bo-title">
        {competition.title}
      </h1>
      <dl className="bo-facts">
        <div>
          <dt>Stage</dt>
          <dd>{stageNames[competition.stage]}</dd>
        </div>
        <div>
          <dt>Entries</dt>
          <dd>
            {competition.paid_entries} paid + {competition.postal_entries} postal of {competition.total_tickets}
          </dd>
        </div>
        <div>
          <dt>Closes</dt>
          <dd>{inLondon(competition.closing_at)}</dd>
        </div>
        <div>
          <dt>Draw</dt>
          <dd>{inLondon(competition.draw_at)}</dd>
        </div>
      </dl>
      {notice && (
        <p className="bo-success" role="status">
          {notice}
        </p>
      )}
      {canEditCompetitions(staff) && (
        <ScheduleActions
          competition={competition}
          onMoved={(message) => {
            setNotice(message);
            reload();
          }}
        />
      )}
      {competition.stage !== 'draft' && competition.stage !== 'cancelled' && <DrawPanel competition={competition} staff={staff} onDrawn={reload} />}
      {/* Closed but not drawn too: an entry that arrived before the close is still entered. */}
      {(competition.stage === 'open' || competition.stage === 'closed') && (staff.role === 'admin' || staff.role === 'operator') && (
        <PostalEntriesPanel
          competitionId={competition.id}
          closingAt={competition.closing_at}
          closed={competition.stage === 'closed'}
          onRecorded={() => {
            setEntriesRound((n) => n + 1);
            reload();
          }}
        />
      )}
      {(competition.stage === 'open' || competition.stage === 'closed' || competition.stage === 'cancelled') && (staff.role === 'admin' || staff.role === 'operator') && (
        <CancelCompetitionPanel competition={competition} onCancelled={reload} />
      )}
      <EntriesPanel key={entriesRound} competitionId={competition.id} />
    </section>
  );
}
