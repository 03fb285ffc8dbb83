/*
 * The catalogue on its own, for the catalogue team: a bare router mounting the exposed
 * pages at their site paths, with the shell's design tokens copied in so it looks the
 * same. Add-to-basket requests and toasts are logged, since the cart remote is absent.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Link, Route, Routes } from 'react-router-dom';
import { loadZod, on } from '@cgg/contracts';
import HomePage from '../pages/home-page.tsx';
import CompetitionListPage from '../pages/competition-list-page.tsx';
import CompetitionDetailsPage from '../pages/competition-details-page.tsx';
import DrawResultsPage from '../pages/draw-results-page.tsx';
import WinnersListPage from '../pages/winners-list-page.tsx';
import './standalone.css';

on('cart:add-requested', (p) => console.info('[standalone] cart:add-requested', p));
on('shell:toast', (p) => console.info('[standalone] shell:toast', p));

function DevHeader() {
  return (
    <header className="dev-header">
      <strong>Catalogue · standalone</strong>
      <nav aria-label="Catalogue pages">
        <Link to="/">Home</Link> <Link to="/competitions/all">All</Link> <Link to="/competitions/instant_win_comps">Instant wins</Link>{' '}
        <Link to="/draw/results">Results</Link> <Link to="/winners_list">Winners</Link>
      </nav>
    </header>
  );
}

// Stored copies (the settings) are checked with zod: as the shell does for a page it renders
// alone, zod comes before the first render (@cgg/contracts, src/zod/).
await loadZod();

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <BrowserRouter>
        <DevHeader />
        <main>
          <Routes>
            <Route path="/" element={<HomePage />} />
            <Route path="/competitions/instant/wins" element={<CompetitionListPage />} />
            <Route path="/competitions/:category" element={<CompetitionListPage />} />
            <Route path="/competition/details/:slugId" element={<CompetitionDetailsPage />} />
            <Route path="/competition/info/:id" element={<CompetitionDetailsPage />} />
            <Route path="/draw/results" element={<DrawResultsPage />} />
            <Route path="/results" element={<DrawResultsPage />} />
            <Route path="/winners_list" element={<WinnersListPage />} />
            <Route path="*" element={<p style={{ padding: 24 }}>Not a catalogue page (the shell owns it).</p>} />
          </Routes>
        </main>
      </BrowserRouter>
    </StrictMode>,
  );
}
