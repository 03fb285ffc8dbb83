import { useState } from 'react';
import { apiRequest } from '@cgg/contracts';
import { staffCalls, winStatuses, winStatusLabels, type StaffWin, type WinStatus } from '@cgg/contracts/staff';
import { staffRequest } from '../api/staff-api.ts';
import { useStaffData } from '../api/use-staff-data.ts';
import { FilterSelect } from '../components/filter-select.tsx';
import { FormAlert } from '../components/form-alert.tsx';
import { Pager } from '../components/pager.tsx';
import { Spinner } from '../components/spinner.tsx';
import { PostalWinsPanel } from './postal-wins-panel.tsx';
import { WinRow } from './win-row.tsx';

const keyOf = (w: StaffWin) => `${w.win_kind}:${w.win_id}`;

/**
 * Winners and fulfilment: every win from the moment it is won, oldest first (awaiting its
 * claim, to send, sent with tracking, paid, credited, done), each moved on as the work is
 * done; below, the free postal entries' wins settled by hand.
 */
export function FulfilmentScreen() {
  const [status, setStatus] = useState<WinStatus | ''>('to_send');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [changed, setChanged] = useState<Record<string, StaffWin>>({});
  const request = { page, ...(status ? { status } : {}), ...(search.trim() ? { search: search.trim() } : {}) };
  const { loaded, reload } = useStaffData(JSON.stringify(request), () => staffRequest((o) => apiRequest(staffCalls.staffWinQueue, request, o)));

  return (
    <section aria-labelledby="bo-fulfilment-title">
      <h1 id="bo-fulfilment-title" className="bo-title">
        Fulfilment
      </h1>
      <div className="bo-filters">
        <FilterSelect
          id="bo-win-status"
          label="Show"
          value={status}
          options={[...winStatuses.map((s) => [s, winStatusLabels[s]] as const), ['', 'Every win']]}
          onChange={(v) => {
            setStatus(v as WinStatus | '');
            setPage(1);
            setChanged({});
          }}
        />
        <div className="bo-field">
          <label htmlFor="bo-win-search" className="bo-field__label">
            Competition, prize or winner
          </label>
          <input
            id="bo-win-search"
            className="bo-field__input"
            type="search"
            maxLength={100}
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              setPage(1);
              setChanged({});
            }}
          />
        </div>
      </div>
      {loaded.state === 'loading' && <Spinner label="Loading wins…" />}
      {loaded.state === 'failed' && <FormAlert message={loaded.message} />}
      {loaded.state === 'loaded' && (
        <>
          {loaded.data.total === 0 ? (
            <p className="bo-muted">Nothing here.</p>
          ) : (
            <div className="bo-table-wrap">
              <table className="bo-table">
                <caption className="bo-visually-hidden">Wins and claims</caption>
                <thead>
                  <tr>
                    <th scope="col">Won</th>
                    <th scope="col">Prize</th>
                    <th scope="col">Winner</th>
                    <th scope="col">What to do</th>
                    <th scope="col">Status</th>
                  </tr>
                </thead>
                <tbody>
                  {loaded.data.data.map((w) => (
                    <WinRow key={keyOf(w)} win={changed[keyOf(w)] ?? w} onChanged={(c) => setChanged((all) => ({ ...all, [keyOf(c)]: c }))} />
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <Pager label="Win pages" page={loaded.data.page} totalPages={loaded.data.total_pages} total={loaded.data.total} onPage={setPage} />
        </>
      )}
      {/* A settled postal win leaves "awaiting claim": the queue reads its page again. */}
      <PostalWinsPanel onSettled={reload} />
    </section>
  );
}
