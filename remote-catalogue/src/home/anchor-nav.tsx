import { Link } from 'react-router-dom';
import type { Competition } from '@cgg/contracts';
import { Spinner } from '../components/spinner.tsx';
import '../components/chips.css';
import { homeSection } from './home-sections.ts';
import { categoryLabel } from '../list/category-label.ts';

const inPage = (['next-draw', 'instant-wins', 'comps-for-everyone', 'finished-competitions'] as const).map(homeSection);

/** Jump links to the sections below, then one link per category with open competitions. */
export function AnchorNav({ competitions, isLoading }: { competitions: Competition[] | undefined; isLoading: boolean }) {
  const categories = [...new Set((competitions ?? []).filter((c) => c.status === 'open').map((c) => c.category))].sort();
  return (
    <nav className="cat-anchors" aria-label="Home page sections and categories">
      <ul className="cat-chips">
        {inPage.map((s) => (
          <li key={s.id}>
            <a className="cat-chip" href={`#${s.id}`}>
              {s.title}
            </a>
          </li>
        ))}
      </ul>
      {isLoading ? (
        <Spinner />
      ) : (
        <ul className="cat-chips" aria-label="Categories">
          <li>
            <Link className="cat-chip cat-chip--solid" to="/competitions/all">
              All competitions
            </Link>
          </li>
          <li>
            <Link className="cat-chip cat-chip--solid" to="/competitions/instant_win_comps">
              Instant win comps
            </Link>
          </li>
          {categories.map((slug) => (
            <li key={slug}>
              <Link className="cat-chip cat-chip--solid" to={`/competitions/${encodeURIComponent(slug)}`}>
                {categoryLabel(slug)}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </nav>
  );
}
