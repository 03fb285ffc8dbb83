import type { Competition } from '@cgg/contracts';
import { CompetitionCard } from './competition-card.tsx';
import './card-grid.css';

export function CardGrid({ competitions, label }: { competitions: Competition[]; label?: string }) {
  return (
    <ul className="cat-grid" aria-label={label}>
      {competitions.map((c) => (
        <li key={c.id} className="cat-grid__item">
          <CompetitionCard competition={c} />
        </li>
      ))}
    </ul>
  );
}
