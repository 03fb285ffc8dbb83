import { useState } from 'react';
import { apiRequest } from '@cgg/contracts';
import { staffCalls } from '@cgg/contracts/staff';
import { failureMessage, staffRequest } from '../api/staff-api.ts';
import { useStaffData } from '../api/use-staff-data.ts';
import { FormAlert } from '../components/form-alert.tsx';
import { inLondon } from '../components/london-time.ts';
import { Pager } from '../components/pager.tsx';
import { Spinner } from '../components/spinner.tsx';
import { downloadEntriesCsv } from './csv-download.ts';

/** A competition's entries, searched and paged on the server, and the whole list as a CSV file. */
export function EntriesPanel({ competitionId }: { competitionId: number }) {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [downloading, setDownloading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const request = { competition_id: competitionId, page, ...(search.trim() ? { search: search.trim() } : {}) };
  const { loaded } = useStaffData(JSON.stringify(request), () => staffRequest((o) => apiRequest(staffCalls.staffEntries, request, o)));

  async function download() {
    if (downloading) return;
    setProblem(null);
    setDownloading(true);
    try {
      await downloadEntriesCsv(competitionId);
    } catch (error) {
      setProblem(failureMessage(error));
    } finally {
      setDownloading(false);
    }
  }

  return (
    <section className="bo-card" aria-labelledby="bo-entries-title">
      <h2 id="bo-entries-title" className="bo-card__title">
        Entries
      </h2>
      <div className="bo-filters">
        <div className="bo-field">
          <label htmlFor="bo-entries-search" className="bo-field__label">
            Find an entry
          </label>
          <input
            id="bo-entries-search"
            className="bo-field__input"
            type="search"
            maxLength={100}
            placeholder="Ticket, name, email or order"
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              setPage(1);
            }}
          />
        </div>
        <button type="button" className="bo-small-button bo-filters__action" aria-disabled={downloading || undefined} onClick={() => void download()}>
          {downloading ? 'Preparing the file…' : 'Download all entries (CSV)'}
        </button>
      </div>
      <FormAlert message={problem} />
      {loaded.state === 'loading' && <Spinner label="Loading entries…" />}
      {loaded.state === 'failed' && <FormAlert message={loaded.message} />}
      {loaded.state === 'loaded' && (
        <>
          {loaded.data.total === 0 ? (
            <p className="bo-muted">{search.trim() ? 'No entry matches.' : 'No entries yet.'}</p>
          ) : (
            <div className="bo-table-wrap">
              <table className="bo-table">
                <caption className="bo-visually-hidden">Entries</caption>
                <thead>
                  <tr>
                    <th scope="col">Ticket</th>
                    <th scope="col">Entry</th>
                    <th scope="col">Name</th>
                    <th scope="col">Email</th>
                    <th scope="col">Reference</th>
                    <th scope="col">When</th>
                  </tr>
                </thead>
                <tbody>
                  {loaded.data.data.map((e) => (
                    <tr key={e.ticket_number}>
                      <td>{e.ticket_number}</td>
                      <td>{e.entry_type === 'postal' ? 'Free postal' : 'Paid'}</td>
                      <td>{e.name}</td>
                      <td>{e.email}</td>
                      <td>{e.reference}</td>
                      <td>
                        {inLondon(e.created_at)}
                        {/* A postal entry keyed in after the close shows it arrived before. */}
                        {e.received_at ? <span className="bo-muted">{` (arrived ${inLondon(e.received_at)})`}</span> : null}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <Pager label="Entry pages" page={loaded.data.page} totalPages={loaded.data.total_pages} total={loaded.data.total} onPage={setPage} />
        </>
      )}
    </section>
  );
}
