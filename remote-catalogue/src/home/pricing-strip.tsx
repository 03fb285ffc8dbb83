import { Link } from 'react-router-dom';
import { effectivePricePence, formatPounds, type Competition } from '@cgg/contracts';

/** "From £x.xx per entry" and how prices work, in three short steps. */
export function PricingStrip({ competitions }: { competitions: Competition[] }) {
  const open = competitions.filter((c) => c.status === 'open');
  const cheapest = open.length > 0 ? Math.min(...open.map((c) => effectivePricePence(c))) : null;
  return (
    <div className="cat-pricing">
      <p className="cat-pricing__from">
        {cheapest !== null ? (
          <>
            Entries from <strong>{formatPounds(cheapest)}</strong> per entry
          </>
        ) : (
          'Low-cost entries on every competition'
        )}
      </p>
      <ol className="cat-pricing__steps">
        <li>
          <strong>Pick your prize.</strong> Every competition shows its price per entry; sale prices show the old price
          struck through.
        </li>
        <li>
          <strong>Choose your tickets.</strong> Each ticket is one entry, up to the competition&apos;s limit per person.
        </li>
        <li>
          <strong>Watch the draw.</strong> Winners are drawn on the date shown, many live. Instant wins are revealed
          straight away.
        </li>
      </ol>
      <p className="cat-pricing__postal">
        Prefer not to pay? <Link to="/free-postal-route">Enter for free by post</Link>.
      </p>
    </div>
  );
}
