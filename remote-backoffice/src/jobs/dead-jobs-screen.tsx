import { apiRequest } from '@cgg/contracts';
import { STAFF_LIST_CAPS, staffCalls, type DeadJob } from '@cgg/contracts/staff';
import { staffRequest } from '../api/staff-api.ts';
import { useStaffData } from '../api/use-staff-data.ts';
import { CappedNote } from '../components/capped-note.tsx';
import { FormAlert } from '../components/form-alert.tsx';
import { inLondon } from '../components/london-time.ts';
import { Spinner } from '../components/spinner.tsx';

/**
 * Admins: background work that used all its tries (a mail the SMTP server kept refusing, a
 * failed draw run), newest failure first, with the last error. Read-only: an operator retries
 * one with the CLI (`dead-jobs --retry <id>`) once the cause is fixed.
 */
export function DeadJobsScreen() {
  const { loaded } = useStaffData('dead-jobs', () => staffRequest((o) => apiRequest(staffCalls.staffDeadJobs, {}, o)).then((a) => a.data));
  return (
    <section aria-labelledby="bo-jobs-title">
      <h1 id="bo-jobs-title" className="bo-title">
        Failed jobs
      </h1>
      <p className="bo-muted">
        Background work that failed every try. Fix the cause, then retry a job from the operator CLI: <code>dead-jobs --retry &lt;id&gt;</code>.
      </p>
      {loaded.state === 'loading' && <Spinner label="Loading the failed jobs…" />}
      {loaded.state === 'failed' && <FormAlert message={loaded.message} />}
      {loaded.state === 'loaded' && <DeadJobsTable jobs={loaded.data} />}
      {loaded.state === 'loaded' && (
        <CappedNote shown={loaded.data.length} cap={STAFF_LIST_CAPS.deadJobs}>
          Only the {STAFF_LIST_CAPS.deadJobs} newest failures are shown. The CLI lists more: <code>dead-jobs --limit 1000</code>.
        </CappedNote>
      )}
    </section>
  );
}

function DeadJobsTable({ jobs }: { jobs: DeadJob[] }) {
  if (jobs.length === 0) return <p className="bo-muted">No failed jobs.</p>;
  return (
    <div className="bo-table-wrap">
      <table className="bo-table">
        <caption className="bo-visually-hidden">Failed jobs</caption>
        <thead>
          <tr>
            <th scope="col">Job</th>
            <th scope="col">Task</th>
            <th scope="col">Tries</th>
            <th scope="col">Last failed</th>
            <th scope="col">Last error</th>
            <th scope="col">Payload</th>
          </tr>
        </thead>
        <tbody>
          {jobs.map((j) => (
            <tr key={j.id}>
              <td>#{j.id}</td>
              <td>
                <code>{j.task}</code>
              </td>
              <td>{j.attempts}</td>
              <td>{inLondon(j.failed_at, true)}</td>
              <td>{j.last_error ?? '–'}</td>
              <td className="bo-json">{JSON.stringify(j.payload)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
