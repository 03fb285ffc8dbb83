import { useState } from 'react';
import { apiRequest } from '@cgg/contracts';
import { staffCalls, type StaffCompetition } from '@cgg/contracts/staff';
import { Link } from 'react-router-dom';
import { staffRequest } from '../api/staff-api.ts';
import { useStaffData } from '../api/use-staff-data.ts';
import { FilterSelect } from '../components/filter-select.tsx';
import { FormAlert } from '../components/form-alert.tsx';
import { inLondon } from '../components/london-time.ts';
import { Pager } from '../components/pager.tsx';
import { Spinner } from '../components/spinner.tsx';
import { ADMIN_BASE } from '../layout/sections.ts';
import { stageNames } from './stage-names.ts';

type Stage = StaffCompetition['stage'] | '';

/** Every competition by stage (draft, on sale, closed and waiting for its draw, drawn), searched by title. */
export function CompetitionListScreen({ canCreate }: { canCreate: boolean }) {
  const [stage, setStage] = useState<Stage>('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const request = { page, ...(stage ? { stage } : {}), ...(search.trim() ? { search: search.trim() } : {}) };
  const { loaded } = useStaffData(JSON.stringify(request), () => staffRequest((o) => apiRequest(staffCalls.staffCompetitions, request, o)));

  return (
    <section aria-labelledby="bo-competitions-title">
      <h1 id="bo-competitions-title" className="bo-title">
        Competitions
      </h1>
      {canCreate && (
        <p>
          <Link className="bo-button" to={`${ADMIN_BASE}/competitions/new`}>
            New competition
          </Link>
        </p>
      )}
      <div className="bo-filters">
        <FilterSelect
          id="bo-competition-stage"
          label="Stage"
          value={stage}
          options={[['', 'Every stage'], ...(Object.keys(stageNames) as StaffCompetition['stage'][]).map((s) => [s, stageNames[s]] as const)]}
          onChange={(v) => {
            setStage(v as Stage);
            setPage(1);
          }}
        />
        <div className="bo-field">
          <label htmlFor="bo-competition-search" className="bo-field__label">
            Title
          </label>
          <input
            id="bo-competition-search"
            className="bo-field__input"
            type="search"
            maxLength={100}
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              setPage(1);
            }}
          />
        </div>
      </div>
      {loaded.state === 'loading' && <Spinner label="Loading competitions…" />}
      {loaded.state === 'failed' && <FormAlert message={loaded.message} />}
      {loaded.state === 'loaded' && (
        <>
          {loaded.data.total === 0 ? (
            <p className="bo-muted">No competition matches.</p>
          ) : (
            <div className="bo-table-wrap">
              <table className="bo-table">
                <caption className="bo-visually-hidden">Competitions</caption>
                <thead>
                  <tr>
                    <th scope="col">Competition</th>
                    <th scope="col">Stage</th>
                    <th scope="col">Entries (paid + postal)</th>
                    <th scope="col">Closes</th>
                    <th scope="col">Draw</th>
                  </tr>
                </thead>
                <tbody>
                  {loaded.data.data.map((c) => (
                    <tr key={c.id}>
                      <td>
                        <Link to={`${ADMIN_BASE}/competitions/${c.id}`}>{c.title}</Link> <span className="bo-muted">#{c.id}</span>
                      </td>
                      <td>{stageNames[c.stage]}</td>
                      <td>
                        {c.paid_entries + c.postal_entries} of {c.total_tickets} ({c.paid_entries} + {c.postal_entries})
                      </td>
                      <td>{inLondon(c.closing_at)}</td>
                      <td>{c.winning_ticket !== null ? `Ticket ${c.winning_ticket}` : inLondon(c.draw_at)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <Pager label="Competition pages" page={loaded.data.page} totalPages={loaded.data.total_pages} total={loaded.data.total} onPage={setPage} />
        </>
      )}
    </section>
  );
}
