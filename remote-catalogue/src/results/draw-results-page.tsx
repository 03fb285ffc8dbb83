import { useState } from 'react';
import { formatDisplayDate, formatPounds, poundsToPence, SHOP_TIMEZONE, to12Hour, type DrawResult } from '@cgg/contracts';
import { CatalogueRoot } from '../components/catalogue-root.tsx';
import { Spinner } from '../components/spinner.tsx';
import { PrizeImage } from '../components/prize-image.tsx';
import { useDrawResults } from '../data/use-draws.ts';
import { DrawProofDetails } from './draw-proof.tsx';
import { HowToVerify } from './how-to-verify.tsx';
import { Pager } from './pager.tsx';
import { fromCounty, winnerName } from './winner-name.ts';
import './results.css';

/**
 * When the draw ran, as its proof records it (London time): an operator may draw before or after
 * the time the competition announced, and this is the page that shows a draw was fair. The
 * announced time only while the proof has none.
 */
function drawnWhen(r: DrawResult): string {
  if (!r.proof.drawn_at) return `${formatDisplayDate(r.draw_date)} at ${to12Hour(r.draw_time)}`;
  const at = new Date(r.proof.drawn_at);
  const time = at.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: SHOP_TIMEZONE });
  return `${formatDisplayDate(at)} at ${to12Hour(time)}`;
}

/** Drawn competitions, newest first: winning ticket, winner (first name, surname initial, county), prize, draw date and the proof. */
function DrawResults() {
  const [page, setPage] = useState(1);
  const { data, error, isLoading } = useDrawResults(page);
  return (
    <div className="cat-container">
      <h1 className="cat-results__title">Draw results</h1>
      <p className="cat-results__lead">Every draw is provably fair: check any result with the data below each one.</p>
      {isLoading && !data ? (
        <Spinner />
      ) : error && !data ? (
        <p className="cat-empty" role="alert">We couldn&apos;t load the draw results just now. Please try again shortly.</p>
      ) : !data || data.data.length === 0 ? (
        <p className="cat-empty">No draws have taken place yet.</p>
      ) : (
        <>
          <ul className="cat-results__list">
            {data.data.map((r) => (
              <li key={r.competition_id} className="cat-results__row cat-results__row--draw" data-competition-id={r.competition_id}>
                <PrizeImage src={r.image} alt="" width={96} height={64} sizes="(min-width: 700px) 96px, 72px" loading="lazy" decoding="async" />
                <div className="cat-results__body">
                  <h2 className="cat-results__name">{r.title}</h2>
                  <p className="cat-results__meta">
                    Drawn {drawnWhen(r)}
                    {r.live_draw ? ' (live draw)' : ''} · Prize value {formatPounds(poundsToPence(r.prize_value))}
                  </p>
                  <p className="cat-results__winner">
                    {r.winner ? (
                      <>
                        Winner: <strong>{winnerName(r.winner)}</strong>
                        {fromCounty(r.winner)}
                      </>
                    ) : (
                      'No entries: closed with no winner.'
                    )}
                  </p>
                </div>
                <p className="cat-results__ticket">
                  {r.winning_ticket_number !== null ? (
                    <>
                      Winning ticket <strong>#{r.winning_ticket_number}</strong>
                    </>
                  ) : (
                    'No winner'
                  )}
                </p>
                <div className="cat-results__proof">
                  <DrawProofDetails proof={r.proof} title={r.title} />
                </div>
              </li>
            ))}
          </ul>
          <Pager page={page} totalPages={data.total_pages} onPage={setPage} label="Draw results pages" failed={error !== undefined} />
        </>
      )}
      <HowToVerify />
    </div>
  );
}

export function DrawResultsPage() {
  return (
    <CatalogueRoot className="cat-results">
      <DrawResults />
    </CatalogueRoot>
  );
}
