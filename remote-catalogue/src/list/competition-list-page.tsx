import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router-dom';
import type { CompetitionCategory } from '@cgg/contracts';
import { CatalogueRoot } from '../components/catalogue-root.tsx';
import { CardGrid } from '../components/card-grid.tsx';
import { Spinner } from '../components/spinner.tsx';
import '../components/chips.css';
import { pagesToFetch, rememberCompetitionsToFetch } from '../data/local-keys.ts';
import { useCompetitionList } from '../data/use-competitions.ts';
import { categoryLabel } from './category-label.ts';
import { INSTANT_WIN_SLUG, listModeFor, listRequest, type ListMode } from './list-mode.ts';
import './competition-list-page.css';

export const PAGE_SIZE = 12;

function headingFor(mode: ListMode, categories: CompetitionCategory[] | undefined): string {
  if (mode.kind === 'all') return 'All competitions';
  if (mode.kind === 'instant') return 'Instant win competitions';
  return categories?.find((c) => c.slug === mode.slug)?.name ?? categoryLabel(mode.slug);
}

/**
 * One page of results; "Load more" adds the next page below, each cached on its own. A page asked
 * for with Load more (`takeFocus`) takes the keyboard focus to its first card once shown: the
 * button that had it is gone by then.
 */
function ResultsPage({ mode, page, isLast, takeFocus, onMore }: { mode: ListMode; page: number; isLast: boolean; takeFocus: boolean; onMore: () => void }) {
  const { data, error, isLoading } = useCompetitionList(listRequest(mode, page, PAGE_SIZE));
  const grid = useRef<HTMLDivElement>(null);
  const shown = Boolean(data?.data.length);
  useEffect(() => {
    if (takeFocus && shown) grid.current?.querySelector<HTMLElement>('.cat-card__link')?.focus();
  }, [takeFocus, shown]);
  if (isLoading) return <Spinner />;
  if (error && !data) return <p className="cat-empty" role="alert">We couldn&apos;t load these competitions just now. Please try again shortly.</p>;
  if (!data) return null;
  if (page === 1 && data.data.length === 0) {
    return (
      <div className="cat-empty">
        <p>There are no open competitions here right now.</p>
        <Link className="cat-btn" to="/competitions/all">
          See all competitions
        </Link>
      </div>
    );
  }
  return (
    <>
      <div ref={grid} className="cat-list__page">
        <CardGrid competitions={data.data} label={`Page ${page}`} />
      </div>
      {isLast && page < data.total_pages && (
        <div className="cat-list__more">
          <p className="cat-list__count">
            Showing {Math.min(page * PAGE_SIZE, data.total)} of {data.total}
          </p>
          <button type="button" className="cat-btn cat-btn--ghost" onClick={onMore}>
            Load more
          </button>
        </div>
      )}
    </>
  );
}

function CategoryTabs({ mode }: { mode: ListMode }) {
  // Page 1 of "all" carries every category and its count; shared with the "all" list's cache.
  const { data } = useCompetitionList(listRequest({ kind: 'all' }, 1, PAGE_SIZE));
  const tabs = [
    { slug: 'all', name: 'All', current: mode.kind === 'all' },
    { slug: INSTANT_WIN_SLUG, name: 'Instant wins', current: mode.kind === 'instant' },
    ...(data?.categories ?? [])
      .filter((c) => c.count > 0)
      .map((c) => ({ slug: c.slug, name: c.name, current: mode.kind === 'category' && mode.slug === c.slug })),
  ];
  return (
    <nav className="cat-list__tabs" aria-label="Competition categories">
      <ul className="cat-chips">
        {tabs.map((t) => (
          <li key={t.slug}>
            <Link className="cat-chip" to={`/competitions/${encodeURIComponent(t.slug)}`} aria-current={t.current ? 'page' : undefined}>
              {t.name}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function ListBody({ mode, listKey }: { mode: ListMode; listKey: string }) {
  // "Competitions to fetch" (stored): back on the same list, its pages are fetched again. Read once
  // mounted, not while rendering: the server renders page 1 (it has no storage), and the browser's
  // first render must match it, or hydration fails and the page is built again.
  const [pages, setPages] = useState(1);
  // The last page asked for with Load more (not one restored from storage): it takes the focus.
  const [asked, setAsked] = useState(0);
  const restored = useRef(false);
  useEffect(() => {
    const stored = pagesToFetch(listKey);
    restored.current = true;
    if (stored > 1) setPages(stored);
  }, [listKey]);
  useEffect(() => {
    if (restored.current) rememberCompetitionsToFetch(listKey, pages);
  }, [listKey, pages]);
  const { data } = useCompetitionList(listRequest(mode, 1, PAGE_SIZE));
  return (
    <>
      <header className="cat-list__head">
        <h1 className="cat-list__title">{headingFor(mode, data?.categories)}</h1>
        {data && <p className="cat-list__sub">{data.total} open {data.total === 1 ? 'competition' : 'competitions'}</p>}
      </header>
      <CategoryTabs mode={mode} />
      {Array.from({ length: pages }, (_, i) => (
        <ResultsPage
          key={i + 1}
          mode={mode}
          page={i + 1}
          isLast={i + 1 === pages}
          takeFocus={i + 1 === asked}
          onMore={() => {
            setAsked(pages + 1);
            setPages(pages + 1);
          }}
        />
      ))}
    </>
  );
}

export function CompetitionListPage() {
  const { category } = useParams();
  const { pathname } = useLocation();
  const mode = listModeFor(pathname, category);
  const modeKey = mode.kind === 'category' ? `category:${mode.slug}` : mode.kind;
  return (
    <CatalogueRoot className="cat-list">
      <div className="cat-container">
        {/* A new category starts again at page 1. */}
        <ListBody key={modeKey} mode={mode} listKey={modeKey} />
      </div>
    </CatalogueRoot>
  );
}
