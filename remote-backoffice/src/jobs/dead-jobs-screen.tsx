import { useState } from 'react';
import { apiRequest } from '@cgg/contracts';
import { STAFF_LIST_CAPS, staffCalls, type DeadJob } from '@cgg/contracts/staff';
import { staffRequest } from '../api/staff-api.ts';
import { useStaffData } from '../api/use-staff-data.ts';
import { CappedNote } from '../components/capped-note.tsx';
import { focusOnShow } from '../components/focus-on-show.ts';
import { FormAlert } from '../components/form-alert.tsx';
import { inLondon } from '../components/london-time.ts';
import { Spinner } from '../components/spinner.tsx';
import { useSave } from '../components/use-save.ts';

/**
 * Admins: background work that used all its tries (a mail the SMTP server kept refusing, a
 * failed draw run), newest failure first, with the last error. Once the cause is fixed, Retry
 * gives a job its tries back (the same function, and audit entry, as the CLI's
 * `dead-jobs --retry <id>`).
 */
export function DeadJobsScreen() {
  const { loaded } = useStaffData('dead-jobs', () => staffRequest((o) => apiRequest(staffCalls.staffDeadJobs, {}, o)).then((a) => a.data));
  const [retried, setRetried] = useState<number[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  const [retrying, setRetrying] = useState<number | null>(null);
  const retry = useSave();

  async function retryJob(job: DeadJob) {
    if (retry.busy) return;
    setNotice(null);
    setRetrying(job.id);
    await retry.run(async () => {
      const done = (await staffRequest((o) => apiRequest(staffCalls.staffRetryDeadJob, { id: job.id }, o))).data;
      setRetried((ids) => [...ids, job.id]);
      setNotice(`Job #${done.id} (${done.task}) is due again with fresh tries: the next poll of the job queue runs it.`);
    });
    setRetrying(null);
  }

  return (
    <section aria-labelledby="bo-jobs-title">
      <h1 id="bo-jobs-title" className="bo-title">
        Failed jobs
      </h1>
      <p className="bo-muted">Background work that failed every try. Fix the cause first, then retry the job: it runs again with all its tries.</p>
      {/* The focus comes here from the Retry button, whose row has gone. */}
      {notice && (
        <p key={notice} className="bo-success" role="status" tabIndex={-1} ref={focusOnShow}>
          {notice}
        </p>
      )}
      <FormAlert message={retry.refusal} />
      {loaded.state === 'loading' && <Spinner label="Loading the failed jobs…" />}
      {loaded.state === 'failed' && <FormAlert message={loaded.message} />}
      {loaded.state === 'loaded' && <DeadJobsTable jobs={loaded.data.filter((j) => !retried.includes(j.id))} retrying={retrying} onRetry={retryJob} />}
      {loaded.state === 'loaded' && (
        <CappedNote shown={loaded.data.length} cap={STAFF_LIST_CAPS.deadJobs}>
          Only the {STAFF_LIST_CAPS.deadJobs} newest failures are shown. The CLI lists more: <code>dead-jobs --limit 1000</code>.
        </CappedNote>
      )}
    </section>
  );
}

function DeadJobsTable({ jobs, retrying, onRetry }: { jobs: DeadJob[]; retrying: number | null; onRetry: (job: DeadJob) => void }) {
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
            <th scope="col">
              <span className="bo-visually-hidden">Action</span>
            </th>
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
              <td>
                {/* aria-disabled while one is sent: the button keeps the focus, and useSave ignores a second press. */}
                <button type="button" className="bo-small-button" aria-disabled={retrying !== null || undefined} aria-label={`Retry job #${j.id}`} onClick={() => onRetry(j)}>
                  {retrying === j.id ? 'Retrying…' : 'Retry'}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
