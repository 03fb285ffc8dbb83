import { useNow } from './use-now.ts';
import { pad2, timeLeft } from './time-left.ts';
import './draw-countdown.css';

/** Live countdown to the draw in days / hours / mins / secs. */
export function DrawCountdown({ until, label = 'Time left until the draw' }: { until: number; label?: string }) {
  const t = timeLeft(until, useNow());
  if (t.done) return <p className="cat-countdown cat-countdown--done">The draw is happening now</p>;
  const parts = [
    { value: String(t.days), unit: 'days' },
    { value: pad2(t.hours), unit: 'hours' },
    { value: pad2(t.minutes), unit: 'mins' },
    { value: pad2(t.seconds), unit: 'secs' },
  ];
  return (
    // Not a live region: announcing every second would drown a screen reader.
    <div className="cat-countdown" role="timer" aria-label={label}>
      {parts.map((p) => (
        <span key={p.unit} className="cat-countdown__part">
          <span className="cat-countdown__value">{p.value}</span>
          <span className="cat-countdown__unit">{p.unit}</span>
        </span>
      ))}
    </div>
  );
}
