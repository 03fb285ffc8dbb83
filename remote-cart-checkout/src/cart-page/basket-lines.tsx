import type { StoreCartItem } from '@cgg/contracts/store';
import { formatDisplayDate, formatPounds, to12Hour } from '@cgg/contracts';
import type { ReactNode } from 'react';

/**
 * The basket's lines: picture, title, draw, quantity and line total; `controls` adds the cart
 * page's editing; `problems` (by line key) says why a line cannot be bought as it stands.
 */
export function BasketLines({ items, compact = false, controls, problems = {} }: {
  items: StoreCartItem[];
  compact?: boolean;
  controls?: (item: StoreCartItem) => ReactNode;
  problems?: Readonly<Record<string, string>>;
}) {
  return (
    <ul className={`cc-lines${compact ? ' cc-lines--compact' : ''}`}>
      {items.map((item) => (
        <li key={item.key} className={`cc-line${problems[item.key] ? ' cc-line--problem' : ''}`}>
          <img className="cc-line__image" src={item.competition.image} alt="" width={compact ? 56 : 88} height={compact ? 56 : 88} loading="lazy" />
          <div className="cc-line__body">
            <p className="cc-line__title">{item.name || item.competition.title}</p>
            <p className="cc-line__meta">
              {compact
                ? `${item.quantity} × ${formatPounds(Number(item.prices.price))}`
                : `Draw ${formatDisplayDate(item.competition.draw_date)} at ${to12Hour(item.competition.draw_time)} · ${formatPounds(Number(item.prices.price))} per ticket`}
            </p>
            {problems[item.key] && <p className="cc-line__problem">{problems[item.key]}</p>}
            {controls?.(item)}
          </div>
          <p className="cc-line__total">{formatPounds(Number(item.totals.line_total))}</p>
        </li>
      ))}
    </ul>
  );
}
