import { useState } from 'react';
import { Link } from 'react-router-dom';
import { formatPounds, poundsToPence } from '@cgg/contracts';
import { CatalogueRoot } from '../components/catalogue-root.tsx';
import { Spinner } from '../components/spinner.tsx';
import { PrizeImage } from '../components/prize-image.tsx';
import { useWinnersList } from '../data/use-draws.ts';
import { useWinnersSummary } from '../data/use-site-content.ts';
import { Pager } from './pager.tsx';
import './results.css';
import { fromCounty, winnerName } from './winner-name.ts';

const wonOn = (iso: string): string => new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/London' });

function WinnersSummary() {
  const { summary, isLoading } = useWinnersSummary();
  if (isLoading && !summary) return <Spinner />;
  return (
    <div className="cat-winners">
      <p className="cat-winners__stat">
        <span className="cat-winners__big">{summary ? summary.totalWinner.toLocaleString('en-GB') : '–'}</span>
        <span>winners so far</span>
      </p>
      <p className="cat-winners__stat">
        <span className="cat-winners__big">{summary ? formatPounds(poundsToPence(summary.totalPrizeValue)) : '–'}</span>
        <span>in prizes won</span>
      </p>
    </div>
  );
}

/** Draw winners and instant winners, newest first, paged. */
function Winners() {
  const [page, setPage] = useState(1);
  const { data, error, isLoading } = useWinnersList(page);
  if (isLoading && !data) return <Spinner />;
  if (error && !data) return <p className="cat-empty" role="alert">We couldn&apos;t load the winners just now. Please try again shortly.</p>;
  if (!data || data.data.length === 0) return <p className="cat-empty">No winners yet: yours could be the first name here.</p>;
  return (
    <>
      <ul className="cat-results__list cat-winners__list">
        {data.data.map((w) => (
          <li key={`${w.kind}-${w.competition_id}-${w.ticket_number}`} className="cat-results__row">
            <PrizeImage src={w.image} alt="" width={96} height={64} sizes="(min-width: 700px) 96px, 72px" loading="lazy" decoding="async" />
            <div className="cat-results__body">
              <h2 className="cat-results__name">
                {winnerName(w)}
                {fromCounty(w)} won {w.prize_title}
              </h2>
              <p className="cat-results__meta">
                {w.kind === 'draw' ? 'Main draw' : 'Instant win'} · {w.competition_title} · ticket #{w.ticket_number} · {wonOn(w.won_at)}
              </p>
            </div>
            <p className="cat-results__ticket">
              <strong>{formatPounds(poundsToPence(w.prize_value))}</strong>
            </p>
          </li>
        ))}
      </ul>
      <Pager page={page} totalPages={data.total_pages} onPage={setPage} label="Winners pages" failed={error !== undefined} />
    </>
  );
}

export function WinnersListPage() {
  return (
    <CatalogueRoot className="cat-results">
      <div className="cat-container">
        <h1 className="cat-results__title">Winners</h1>
        <WinnersSummary />
        <h2 className="cat-results__subtitle">Latest winners</h2>
        <Winners />
        <p className="cat-results__note">
          Every main draw can be checked: see the <Link to="/draw/results">draw results</Link>.
        </p>
      </div>
    </CatalogueRoot>
  );
}
