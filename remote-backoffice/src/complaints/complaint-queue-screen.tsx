import { complaintCategoryLabels } from '@cgg/contracts/complaints';
import { apiRequest } from '@cgg/contracts';
import { complaintStateLabels, complaintStates, staffCalls, type ComplaintState } from '@cgg/contracts/staff';
import { Link, useSearchParams } from 'react-router-dom';
import { staffRequest } from '../api/staff-api.ts';
import { useStaffData } from '../api/use-staff-data.ts';
import { FilterSelect } from '../components/filter-select.tsx';
import { FormAlert } from '../components/form-alert.tsx';
import { inLondon } from '../components/london-time.ts';
import { Pager } from '../components/pager.tsx';
import { Spinner } from '../components/spinner.tsx';
import { ADMIN_BASE } from '../layout/sections.ts';
import { openFor } from './open-for.ts';

/**
 * The complaints queue: open complaints first, the oldest at the top, each with how long it has
 * been open and when our answer is due. The filter stays in the address, so Back from a
 * complaint returns to the same list.
 */
export function ComplaintQueueScreen() {
  const [params, setParams] = useSearchParams();
  const state = (params.get('state') ?? 'open') as ComplaintState | '';
  const page = Number(params.get('page') ?? '1') || 1;
  const request = { page, ...(state ? { state } : {}) };
  const { loaded } = useStaffData(JSON.stringify(request), () => staffRequest((o) => apiRequest(staffCalls.staffComplaints, request, o)));
  const now = Date.now();

  return (
    <section aria-labelledby="bo-complaints-title">
      <h1 id="bo-complaints-title" className="bo-title">
        Complaints
      </h1>
      <div className="bo-filters">
        <FilterSelect
          id="bo-complaint-state"
          label="Show"
          value={state}
          options={[...complaintStates.map((s) => [s, complaintStateLabels[s]] as const), ['', 'Every complaint']]}
          onChange={(v) => setParams({ state: v })}
        />
      </div>
      {loaded.state === 'loading' && <Spinner label="Loading complaints…" />}
      {loaded.state === 'failed' && <FormAlert message={loaded.message} />}
      {loaded.state === 'loaded' && (
        <>
          {loaded.data.total === 0 ? (
            <p className="bo-muted">No complaints here.</p>
          ) : (
            <div className="bo-table-wrap">
              <table className="bo-table">
                <caption className="bo-visually-hidden">Complaints, oldest open first</caption>
                <thead>
                  <tr>
                    <th scope="col">Reference</th>
                    <th scope="col">From</th>
                    <th scope="col">About</th>
                    <th scope="col">Filed</th>
                    <th scope="col">Open for</th>
                    <th scope="col">State</th>
                  </tr>
                </thead>
                <tbody>
                  {loaded.data.data.map((c) => {
                    const overdue = c.state === 'open' && Date.parse(c.answer_due_at) < now;
                    return (
                      <tr key={c.id}>
                        <td>
                          <Link to={`${ADMIN_BASE}/complaints/${c.id}`}>{c.reference}</Link>
                        </td>
                        <td>
                          {c.name} <span className="bo-muted">{c.email}</span>
                        </td>
                        <td>{complaintCategoryLabels[c.category]}</td>
                        <td>{inLondon(c.created_at)}</td>
                        <td>
                          {openFor(c.open_hours)}
                          {c.state === 'open' && <span className="bo-muted">{overdue ? ' · answer overdue' : ` · answer due ${inLondon(c.answer_due_at)}`}</span>}
                        </td>
                        <td>{complaintStateLabels[c.state]}</td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          )}
          <Pager
            label="Complaint pages"
            page={loaded.data.page}
            totalPages={loaded.data.total_pages}
            total={loaded.data.total}
            onPage={(p) => setParams({ state, page: String(p) })}
          />
        </>
      )}
    </section>
  );
}
