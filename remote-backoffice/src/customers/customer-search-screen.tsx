import { useState, type FormEvent } from 'react';
import { apiRequest } from '@cgg/contracts';
import { STAFF_LIST_CAPS, staffCalls, staffCustomerSearchRequestSchema, type CustomerMatchReason } from '@cgg/contracts/staff';
import { Link, useSearchParams } from 'react-router-dom';
import { staffRequest } from '../api/staff-api.ts';
import { useStaffData } from '../api/use-staff-data.ts';
import { CappedNote } from '../components/capped-note.tsx';
import { fieldErrorsOf } from '../components/field-errors.ts';
import { FormAlert } from '../components/form-alert.tsx';
import { inLondon } from '../components/london-time.ts';
import { Spinner } from '../components/spinner.tsx';
import { TextField } from '../components/text-field.tsx';
import { ADMIN_BASE } from '../layout/sections.ts';

/**
 * Why a customer is in the results, where a number could mean two things: customer 16, or the
 * customer who placed order 16 (usually two people). A name or email match needs no label.
 */
function matchedSaid(matched: readonly CustomerMatchReason[] | undefined, query: string): string | null {
  const n = query.trim().replace(/^#/, '');
  const [competition, ticket] = n.split(':').map((p) => p.trim());
  const said = (matched ?? []).flatMap((m) =>
    m === 'customer_number' ? [`customer #${n}`] : m === 'order_number' ? [`placed order #${n}`] : m === 'ticket' ? [`holds ticket ${ticket} of competition ${competition}`] : [],
  );
  return said.length ? `Matched: ${said.join(' and ')}` : null;
}

/** Finds customers; the query stays in the address, so Back returns to the same results. */
export function CustomerSearchScreen() {
  const [params, setParams] = useSearchParams();
  const query = params.get('q') ?? '';
  const [typed, setTyped] = useState(query);
  const [error, setError] = useState<string | undefined>();
  const { loaded } = useStaffData(`search ${query}`, () =>
    query ? staffRequest((o) => apiRequest(staffCalls.staffCustomerSearch, { query }, o)) : Promise.resolve(null),
  );

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = staffCustomerSearchRequestSchema.safeParse({ query: typed });
    setError(parsed.success ? undefined : fieldErrorsOf(parsed.error.issues).query);
    if (parsed.success) setParams({ q: parsed.data.query });
  }

  return (
    <section aria-labelledby="bo-customers-title">
      <h1 id="bo-customers-title" className="bo-title">
        Customers
      </h1>
      <form className="bo-form" role="search" onSubmit={submit} noValidate>
        <TextField name="customer-query" label="Name, email, customer or order number, or competition:ticket" value={typed} onChange={setTyped} error={error} maxLength={100} />
        <button type="submit" className="bo-button">
          Search
        </button>
      </form>
      {query && loaded.state === 'loading' && <Spinner label="Searching…" />}
      {loaded.state === 'failed' && <FormAlert message={loaded.message} />}
      {loaded.state === 'loaded' && loaded.data && (
        loaded.data.data.length === 0 ? (
          <p className="bo-muted">No customer matches “{query}”.</p>
        ) : (
          <>
            <ul className="bo-results" aria-label="Customers found">
              {loaded.data.data.map((c) => (
                <li key={c.id}>
                  <Link to={`${ADMIN_BASE}/customers/${c.id}`}>{c.name || c.email}</Link> <span className="bo-muted">{c.email} · #{c.id} · joined {inLondon(c.created_at)}</span>
                  {matchedSaid(c.matched, query) && <span className="bo-badge">{matchedSaid(c.matched, query)}</span>}
                </li>
              ))}
            </ul>
            <CappedNote shown={loaded.data.data.length} cap={STAFF_LIST_CAPS.customerMatches}>
              Only the first {STAFF_LIST_CAPS.customerMatches} matches are shown. Type more of the name or email, or search by customer or order number.
            </CappedNote>
          </>
        )
      )}
    </section>
  );
}
