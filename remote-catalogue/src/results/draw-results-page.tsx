import { Link } from 'react-router-dom';
import { competitionPath } from '@cgg/contracts';
import { CatalogueRoot } from '../components/catalogue-root.tsx';
import { Spinner } from '../components/spinner.tsx';
import { drawWhenText } from '../components/draw-when.tsx';
import { useFinishedCompetitions } from '../data/use-competitions.ts';
import './results.css';

/** Finished and sold-out competitions with their draw date and, once drawn, the winning ticket. */
function DrawResults() {
  const { data, error, isLoading } = useFinishedCompetitions();
  return (
      <div className="cat-container">
        <h1 className="cat-results__title">Draw results</h1>
        {isLoading ? (
          <Spinner />
        ) : error && !data ? (
          <p className="cat-empty" role="alert">We couldn&apos;t load the draw results just now. Please try again shortly.</p>
        ) : !data || data.length === 0 ? (
          <p className="cat-empty">No draws have taken place yet.</p>
        ) : (
          <ul className="cat-results__list">
            {data.map((c) => (
              <li key={c.id} className="cat-results__row">
                <img src={c.image} alt="" width={96} height={64} loading="lazy" decoding="async" />
                <div className="cat-results__body">
                  <h2 className="cat-results__name">
                    <Link to={competitionPath(c)}>{c.title}</Link>
                  </h2>
                  <p className="cat-results__meta">Draw: {drawWhenText(c)}</p>
                </div>
                <p className="cat-results__ticket">
                  {c.winning_ticket_number !== null ? (
                    <>
                      Winning ticket <strong>#{c.winning_ticket_number}</strong>
                    </>
                  ) : c.status === 'drawn' ? (
                    'Drawn'
                  ) : (
                    'Draw pending'
                  )}
                </p>
              </li>
            ))}
          </ul>
        )}
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
