import type { Competition } from '@cgg/contracts';
import { CompetitionCard } from './competition-card.tsx';
import './card-grid.css';

/**
 * Competition cards in a grid. `row`: on phones the cards sit in one row the shopper swipes
 * (the home page's sections), so a section is one card tall instead of one screen per card;
 * from tablets up it is the same grid.
 */
export function CardGrid({ competitions, label, layout = 'grid' }: { competitions: Competition[]; label?: string; layout?: 'grid' | 'row' }) {
  return (
    <ul className={layout === 'row' ? 'cat-grid cat-grid--row' : 'cat-grid'} aria-label={label}>
      {competitions.map((c) => (
        <li key={c.id} className="cat-grid__item">
          <CompetitionCard competition={c} />
        </li>
      ))}
    </ul>
  );
}
