import { Link } from 'react-router-dom';
import { competitionPath, drawDateTime, isNew, ticketsLeft, type Competition } from '@cgg/contracts';
import { PriceTag } from './price-tag.tsx';
import { TicketProgress } from './progress-bar.tsx';
import { drawWhenText } from './draw-when.tsx';
import { TruncatedText } from './truncated-text.tsx';
import { CardCountdown } from './card-countdown.tsx';
import { PrizeImage } from './prize-image.tsx';
import { useRenderTime } from './use-now.ts';
import './competition-card.css';

export const CARD_TITLE_MAX = 60;
/** Within this window a card counts down instead of showing the draw date. */
const COUNTDOWN_WINDOW_MS = 3 * 86_400_000;
/** Cards fill the grid's columns (card-grid.css): 1, 2, 3, then 4 in the 1200 px page. */
export const CARD_IMAGE_SIZES = '(min-width: 1280px) 300px, (min-width: 960px) 33vw, (min-width: 600px) 50vw, 100vw';

function statusBadge(c: Competition): string | null {
  if (c.cancelled) return 'CANCELLED';
  if (c.status === 'drawn') return 'DRAWN';
  if (c.status === 'closed') return 'CLOSED';
  return null;
}

/** One competition as a tile: reused by the home sections, the lists and "Recommended". */
export function CompetitionCard({ competition: c, headingLevel = 3, eager = false }: { competition: Competition; headingLevel?: 2 | 3; eager?: boolean }) {
  const Heading = `h${headingLevel}` as const;
  const drawAt = drawDateTime(c).valueOf();
  const now = useRenderTime();
  const showCountdown = c.status === 'open' && !c.hide_timer && drawAt - now < COUNTDOWN_WINDOW_MS;
  const badge = statusBadge(c);
  return (
    <article className="cat-card">
      <div className="cat-card__media">
        <PrizeImage
          className="cat-card__img"
          src={c.image}
          alt={c.title}
          width={600}
          height={400}
          sizes={CARD_IMAGE_SIZES}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
        />
        <div className="cat-card__badges">
          {isNew(c.created_at, new Date(now)) && <span className="cat-badge cat-badge--new">NEW</span>}
          {c.enable_instant_wins && <span className="cat-badge cat-badge--instant">Instant wins</span>}
          {badge && <span className="cat-badge cat-badge--status">{badge}</span>}
        </div>
      </div>
      <div className="cat-card__body">
        <Heading className="cat-card__title">
          <Link className="cat-card__link" to={competitionPath(c)}>
            <TruncatedText text={c.title} max={CARD_TITLE_MAX} />
          </Link>
        </Heading>
        <PriceTag competition={c} />
        <TicketProgress competition={c} />
        <p className="cat-card__draw">
          {showCountdown ? <CardCountdown until={drawAt} /> : <>Draw {drawWhenText(c)}</>}
        </p>
        {c.status === 'drawn' && c.winning_ticket_number !== null && (
          <p className="cat-card__winner">Winning ticket #{c.winning_ticket_number}</p>
        )}
        <span className="cat-card__cta" aria-hidden="true">
          {c.status === 'open' && !c.cancelled && ticketsLeft(c) > 0 ? 'Enter now' : 'View'}
        </span>
      </div>
    </article>
  );
}
