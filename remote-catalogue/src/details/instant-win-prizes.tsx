import { formatPounds, poundsToPence, type Competition } from '@cgg/contracts';
import { PrizeImage } from '../components/prize-image.tsx';

/** Every instant-win prize with its ticket numbers, and which are won (and by whom) or still to win. */
export function InstantWinPrizes({ competition }: { competition: Pick<Competition, 'instant_wins' | 'instant_wins_tickets'> }) {
  if (competition.instant_wins.length === 0) return null;
  return (
    <section className="cat-details__block" aria-labelledby="cat-instant-title">
      <h2 id="cat-instant-title" className="cat-details__h2">
        Instant win prizes
      </h2>
      <ul className="cat-iw">
        {competition.instant_wins.map((prize) => {
          const tickets = competition.instant_wins_tickets.filter((t) => t.instant_win_id === prize.id);
          const won = tickets.filter((t) => t.won).length;
          return (
            <li key={prize.id} className="cat-iw__prize">
              <PrizeImage className="cat-iw__img" src={prize.image} alt="" width={96} height={96} sizes="72px" loading="lazy" decoding="async" />
              <div className="cat-iw__body">
                <h3 className="cat-iw__title">{prize.title}</h3>
                <p className="cat-iw__meta">
                  Worth {formatPounds(poundsToPence(prize.prize_value))} · {won} of {tickets.length || prize.quantity} won
                </p>
                {tickets.length > 0 && (
                  <ul className="cat-iw__tickets" aria-label={`Winning tickets for ${prize.title}`}>
                    {tickets.map((t) => (
                      <li key={t.ticket_number} className={`cat-iw__ticket ${t.won ? 'cat-iw__ticket--won' : ''}`}>
                        <span className="cat-iw__number">#{t.ticket_number}</span>
                        <span className="cat-iw__state">{t.won ? `Won${t.won_by ? ` by ${t.won_by}` : ''}` : 'Available'}</span>
                      </li>
                    ))}
                  </ul>
                )}
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
