import { useState, type ReactNode } from 'react';
import { complaintCategoryLabels } from '@cgg/contracts/complaints';
import { apiRequest } from '@cgg/contracts';
import { complaintStateLabels, staffCalls, type StaffComplaint } from '@cgg/contracts/staff';
import { Link, useParams } from 'react-router-dom';
import { staffRequest } from '../api/staff-api.ts';
import { useStaffData } from '../api/use-staff-data.ts';
import { FormAlert } from '../components/form-alert.tsx';
import { inLondon } from '../components/london-time.ts';
import { Spinner } from '../components/spinner.tsx';
import { ADMIN_BASE } from '../layout/sections.ts';
import { AnswerForm } from './answer-form.tsx';
import { CloseForm } from './close-form.tsx';
import { openFor } from './open-for.ts';

function Details({ complaint: c, onChanged }: { complaint: StaffComplaint; onChanged: (c: StaffComplaint) => void }) {
  const facts: Array<readonly [string, ReactNode]> = [
    ['From', <>{c.name} &lt;{c.email}&gt;{c.customer_id !== null && <> · <Link to={`${ADMIN_BASE}/customers/${c.customer_id}`}>customer #{c.customer_id}</Link></>}</>],
    ['About', `${complaintCategoryLabels[c.category]}${c.order_number !== null ? ` · order #${c.order_number}` : ''}`],
    ['Filed', `${inLondon(c.created_at)} (${c.state === 'closed' ? 'was open for' : 'open for'} ${openFor(c.open_hours)})`],
    ['Acknowledged', c.acknowledged_at ? `Emailed ${inLondon(c.acknowledged_at)}` : 'Not emailed: the acknowledgement could not be sent. Contact the customer.'],
    ...(c.state === 'closed' ? [] : [['Answer due by', inLondon(c.answer_due_at)] as const]),
  ];
  return (
    <>
      <h1 className="bo-title">
        Complaint {c.reference} <span className="bo-badge">{complaintStateLabels[c.state]}</span>
      </h1>
      <dl className="bo-facts">
        {facts.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <section className="bo-card" aria-labelledby="bo-complaint-text">
        <h2 id="bo-complaint-text" className="bo-card__title">
          What the customer wrote
        </h2>
        {/* Text only: React escapes it, so markup in a complaint shows as typed. */}
        <p className="bo-notes__text">{c.details}</p>
      </section>
      <section className="bo-card" aria-labelledby="bo-complaint-answers">
        <h2 id="bo-complaint-answers" className="bo-card__title">
          Our answers
        </h2>
        {c.answers.length === 0 ? (
          <p className="bo-muted">No answer sent yet.</p>
        ) : (
          <ul className="bo-notes" aria-label="Answers sent">
            {c.answers.map((a) => (
              <li key={a.id}>
                <p className="bo-muted">
                  {inLondon(a.created_at)} · {a.author} · emailed to {a.sent_to}
                </p>
                <p className="bo-notes__text">{a.text}</p>
              </li>
            ))}
          </ul>
        )}
        {c.state === 'closed' ? (
          <p className="bo-muted">
            Closed as resolved {c.closed_at && inLondon(c.closed_at)} by {c.closed_by ?? 'a member of staff'}
            {c.close_note ? `: ${c.close_note}` : '.'}
          </p>
        ) : (
          <>
            <AnswerForm complaint={c} onAnswered={onChanged} />
            {c.state === 'answered' && <CloseForm complaint={c} onClosed={onChanged} />}
          </>
        )}
      </section>
    </>
  );
}

/** One complaint: the customer's words, our answers, and the answer and close forms. */
export function ComplaintScreen() {
  const id = Number(useParams().id);
  const [changed, setChanged] = useState<StaffComplaint | null>(null);
  const { loaded } = useStaffData(`complaint ${id}`, () => staffRequest((o) => apiRequest(staffCalls.staffComplaint, { id }, o)));
  return (
    <section>
      <p>
        <Link to={`${ADMIN_BASE}/complaints`}>Back to the complaints</Link>
      </p>
      {loaded.state === 'loading' && <Spinner label="Loading the complaint…" />}
      {loaded.state === 'failed' && <FormAlert message={loaded.message} />}
      {loaded.state === 'loaded' && <Details complaint={changed?.id === id ? changed : loaded.data.data} onChanged={setChanged} />}
    </section>
  );
}
