import { effectivePricePence, formatPounds, isSaleActive, poundsToPence, type Competition } from '@cgg/contracts';
import './price-tag.css';

type Priced = Pick<Competition, 'price_per_ticket' | 'sale_price' | 'sale_start_date' | 'sale_start_time' | 'sale_end_date' | 'sale_end_time'>;

/** The price a ticket costs now; during a sale (inside its window and lower) the old price is struck through. */
export function PriceTag({ competition, now, size = 'small' }: { competition: Priced; now?: Date; size?: 'small' | 'large' }) {
  const onSale = isSaleActive(competition, now);
  return (
    <p className={`cat-price cat-price--${size}`}>
      <span className="cat-price__now">{formatPounds(effectivePricePence(competition, now))}</span>
      {onSale && (
        <del className="cat-price__was">
          <span className="cat-sr-only">was </span>
          {formatPounds(poundsToPence(competition.price_per_ticket))}
        </del>
      )}
      <span className="cat-price__per"> per entry</span>
      {onSale && <span className="cat-price__sale">SALE</span>}
    </p>
  );
}
