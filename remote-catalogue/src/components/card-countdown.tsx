import { useNow } from './use-now.ts';
import { pad2, timeLeft } from './time-left.ts';

/** Compact live countdown for cards: 'Draw in 1d 04h 09m 12s'. */
export function CardCountdown({ until }: { until: number }) {
  const t = timeLeft(until, useNow());
  if (t.done) return <span className="cat-card__countdown">Drawing now</span>;
  return (
    <span className="cat-card__countdown">
      Draw in {t.days > 0 && `${t.days}d `}
      {pad2(t.hours)}h {pad2(t.minutes)}m {pad2(t.seconds)}s
    </span>
  );
}
