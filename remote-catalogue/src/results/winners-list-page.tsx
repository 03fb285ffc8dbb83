import { Link } from 'react-router-dom';
import { formatPounds, poundsToPence } from '@cgg/contracts';
import { CatalogueRoot } from '../components/catalogue-root.tsx';
import { Spinner } from '../components/spinner.tsx';
import { useWinnersSummary } from '../data/use-site-content.ts';
import './results.css';

/** The winners summary; the full list arrives with a later issue. */
function WinnersSummary() {
  const { summary, isLoading } = useWinnersSummary();
  return (
      <div className="cat-container">
        <h1 className="cat-results__title">Winners</h1>
        {isLoading ? (
          <Spinner />
        ) : (
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
        )}
        <p className="cat-results__note">
          The full list of winners is coming soon. Meanwhile, see the latest <Link to="/draw/results">draw results</Link>.
        </p>
      </div>
  );
}

export function WinnersListPage() {
  return (
    <CatalogueRoot className="cat-results">
      <WinnersSummary />
    </CatalogueRoot>
  );
}
