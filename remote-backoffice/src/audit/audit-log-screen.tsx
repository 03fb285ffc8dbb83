import { useState } from 'react';
import { apiRequest } from '@cgg/contracts';
import { auditActions, staffCalls, type AuditEntry } from '@cgg/contracts/staff';
import { staffRequest } from '../api/staff-api.ts';
import { useStaffData } from '../api/use-staff-data.ts';
import { FilterSelect } from '../components/filter-select.tsx';
import { FormAlert } from '../components/form-alert.tsx';
import { inLondon } from '../components/london-time.ts';
import { Pager } from '../components/pager.tsx';
import { Spinner } from '../components/spinner.tsx';

const PAGE_SIZE = 25;

/** Before and after, as the log stored them: compact JSON, or a dash when there is none. */
const shown = (value: unknown): string => (value === null || value === undefined ? '–' : JSON.stringify(value));

function EntryRow({ entry }: { entry: AuditEntry }) {
  return (
    <tr>
      <td>{inLondon(entry.at, true)}</td>
      <td>{entry.actor}</td>
      <td>
        <code>{entry.action}</code>
      </td>
      <td>{entry.subject}</td>
      <td className="bo-json">{shown(entry.before)}</td>
      <td className="bo-json">{shown(entry.after)}</td>
    </tr>
  );
}

/** Admins: every staff action, newest first, filtered by action and by member. Nothing here can change it. */
export function AuditLogScreen() {
  const [action, setAction] = useState('');
  const [staffId, setStaffId] = useState('');
  const [page, setPage] = useState(1);
  const request = { page, limit: PAGE_SIZE, ...(action ? { action } : {}), ...(staffId ? { staff_id: Number(staffId) } : {}) };
  const { loaded } = useStaffData(JSON.stringify(request), () => staffRequest((o) => apiRequest(staffCalls.staffAuditLog, request, o)));
  const members = useStaffData('staff', () => staffRequest((o) => apiRequest(staffCalls.staffList, {}, o))).loaded;

  return (
    <section aria-labelledby="bo-audit-title">
      <h1 id="bo-audit-title" className="bo-title">
        Audit log
      </h1>
      <div className="bo-filters">
        <FilterSelect
          id="bo-audit-action"
          label="Action"
          value={action}
          options={[['', 'All actions'], ...auditActions.map((a) => [a, a] as const)]}
          onChange={(v) => {
            setAction(v);
            setPage(1);
          }}
        />
        <FilterSelect
          id="bo-audit-staff"
          label="Staff member"
          value={staffId}
          options={[['', 'Everyone'], ...(members.state === 'loaded' ? members.data.data.map((m) => [String(m.id), m.name] as const) : [])]}
          onChange={(v) => {
            setStaffId(v);
            setPage(1);
          }}
        />
      </div>
      {loaded.state === 'loading' && <Spinner label="Loading the audit log…" />}
      {loaded.state === 'failed' && <FormAlert message={loaded.message} />}
      {loaded.state === 'loaded' && (
        <>
          {loaded.data.total === 0 ? (
            <p className="bo-muted">Nothing recorded matches these filters.</p>
          ) : (
            <div className="bo-table-wrap">
              <table className="bo-table">
                <caption className="bo-visually-hidden">Audit log entries</caption>
                <thead>
                  <tr>
                    <th scope="col">When</th>
                    <th scope="col">Who</th>
                    <th scope="col">What</th>
                    <th scope="col">Subject</th>
                    <th scope="col">Before</th>
                    <th scope="col">After</th>
                  </tr>
                </thead>
                <tbody>
                  {loaded.data.data.map((e) => (
                    <EntryRow key={e.id} entry={e} />
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <Pager label="Audit log pages" page={loaded.data.page} totalPages={loaded.data.total_pages} total={loaded.data.total} onPage={setPage} />
        </>
      )}
    </section>
  );
}
