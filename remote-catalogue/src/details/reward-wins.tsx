import { formatPounds, poundsToPence, soldPercentage, type Competition } from '@cgg/contracts';

/**
 * Prizes unlocked as the competition sells: each fires at a share of tickets sold.
 * `info` is the operator's explanation from settings (reward_prize_info), shown as text.
 */
export function RewardWins({ competition: c, info }: { competition: Competition; info?: string }) {
  if (!c.enable_reward_wins || c.reward_wins.length === 0) return null;
  const sold = soldPercentage(c.total_ticket_sold, c.total_sell_tickets);
  return (
    <section className="cat-details__block" aria-labelledby="cat-reward-title">
      <h2 id="cat-reward-title" className="cat-details__h2">
        Reward wins
      </h2>
      {info && <p className="cat-rewards__info">{info}</p>}
      <ul className="cat-rewards">
        {[...c.reward_wins]
          .sort((a, b) => a.percentage - b.percentage)
          .map((r) => (
            <li key={r.id} className={`cat-rewards__item ${r.won ? 'cat-rewards__item--won' : ''}`}>
              <span className="cat-rewards__at">{r.percentage}% sold</span>
              <span className="cat-rewards__title">
                {r.title} ({formatPounds(poundsToPence(r.prize_value))})
              </span>
              <span className="cat-rewards__state">{r.won ? 'Won' : sold >= r.percentage ? 'Drawing soon' : 'Locked'}</span>
            </li>
          ))}
      </ul>
    </section>
  );
}
