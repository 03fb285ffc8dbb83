import { reducedFraction, type Competition } from '@cgg/contracts';

/**
 * The odds (UK prize-draw code 2.1-2.5): first in words, from the maximum number of
 * entries (every ticket on sale: fewer sold only makes them better), then per ticket as
 * reduced fractions: the main prize is 1 of every ticket on sale; "any prize" adds the
 * instant-win tickets, each of which wins on its own.
 */
export function Odds({ competition: c }: { competition: Pick<Competition, 'total_sell_tickets' | 'instant_wins_tickets'> }) {
  const instant = c.instant_wins_tickets.length;
  const total = c.total_sell_tickets.toLocaleString('en-GB');
  return (
    <div className="cat-odds-block">
      <p className="cat-odds__headline">
        <strong>Odds of winning:</strong> {`1 in ${total} at most (${total} entries maximum)`}
      </p>
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
    </div>
  );
}
