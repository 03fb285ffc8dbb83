import { soldPercentage, ticketsLeft, type Competition } from '@cgg/contracts';
import './progress-bar.css';

type Stock = Pick<Competition, 'total_sell_tickets' | 'total_ticket_sold' | 'hide_ticket_count'>;

/** Sold percentage (floored) and tickets left, or 'SOLD OUT'. The count is hidden when the operator asks. */
export function TicketProgress({ competition, size = 'small' }: { competition: Stock; size?: 'small' | 'large' }) {
  const left = ticketsLeft(competition);
  const percent = soldPercentage(competition.total_ticket_sold, competition.total_sell_tickets);
  return (
    <div className={`cat-progress cat-progress--${size}`}>
      {!competition.hide_ticket_count && (
        <>
          <div
            className="cat-progress__track"
            role="progressbar"
            aria-label="Tickets sold"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
          >
            <span className="cat-progress__fill" style={{ width: `${percent}%` }} />
          </div>
          <p className="cat-progress__label">
            <span className="cat-progress__sold">{percent}% sold</span>
            {left > 0 && <span className="cat-progress__left">{left.toLocaleString('en-GB')} tickets left</span>}
          </p>
        </>
      )}
      {left === 0 && <p className="cat-progress__soldout">SOLD OUT</p>}
    </div>
  );
}
