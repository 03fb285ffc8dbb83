import { reducedFraction, type Competition } from '@cgg/contracts';

/**
 * Odds for one ticket, as reduced fractions: the main prize is 1 of every ticket on
 * sale; "any prize" adds the instant-win tickets, each of which wins on its own.
 */
export function Odds({ competition: c }: { competition: Pick<Competition, 'total_sell_tickets' | 'instant_wins_tickets'> }) {
  const instant = c.instant_wins_tickets.length;
  return (
    <dl className="cat-odds">
      <div>
        <dt>Odds per ticket, main prize</dt>
        <dd>{reducedFraction(1, c.total_sell_tickets)}</dd>
      </div>
      {instant > 0 && (
        <div>
          <dt>Odds per ticket, any prize</dt>
          <dd>{reducedFraction(1 + instant, c.total_sell_tickets)}</dd>
        </div>
      )}
    </dl>
  );
}
