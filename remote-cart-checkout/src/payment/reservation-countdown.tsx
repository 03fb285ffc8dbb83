import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';

/** Time left as the countdown shows it: whole minutes and seconds, rounded up (00:01 until it is really over). */
export function formatTimeLeft(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  const mm = String(Math.floor(seconds / 60)).padStart(2, '0');
  const ss = String(seconds % 60).padStart(2, '0');
  return `${mm}:${ss}`;
}

export const RESERVATION_EXPIRED_TITLE = 'Your reservation has expired';
/** Our words (the spec has none for reservations): what happened, what it means, the way on. */
export function reservationExpiredText(refunded: boolean): string {
  const money = refunded ? 'The payment that went through after the time ran out has been refunded to your card.' : 'Nothing was taken from your card.';
  return `Time ran out before your payment was finished, so your tickets have gone back on sale. ${money} Your basket is as it was: go back to it to check out again.`;
}

/**
 * The payment step's countdown to the reservation's end (`deadline`: ms on this browser's
 * clock, worked out from the server's time left so a wrong browser clock does not matter).
 * It ticks every second and calls `onExpired` once when it reaches 00:00; the parent then
 * shows `ReservationExpired` instead of the payment. Screen readers hear it only when asked
 * (role timer is not live), so it does not talk every second.
 */
export function ReservationCountdown({ deadline, onExpired }: { deadline: number; onExpired: () => void }) {
  const [now, setNow] = useState(() => Date.now());
  const left = deadline - now;

  useEffect(() => {
    if (left <= 0) {
      onExpired();
      return;
    }
    // Wake at the next whole second of time left, so the display never lags behind.
    const wait = left % 1000 || 1000;
    const timer = setTimeout(() => setNow(Date.now()), wait);
    return () => clearTimeout(timer);
  }, [left, onExpired]);

  return (
    <p className="cc-countdown">
      Your tickets are reserved for{' '}
      <strong role="timer" aria-label={`Time left to pay: ${formatTimeLeft(left)}`} className="cc-countdown__time">
        {formatTimeLeft(left)}
      </strong>
      . Pay before then, or they go back on sale.
    </p>
  );
}

/** Shown once the reservation has run out: the tickets are back on sale; the way on is the basket. */
export function ReservationExpired({ refunded = false }: { refunded?: boolean }) {
  return (
    <div className="cc-alert cc-expired" role="alert" aria-labelledby="cc-expired-title">
      <p id="cc-expired-title" className="cc-refusal__title">
        {RESERVATION_EXPIRED_TITLE}
      </p>
      <p className="cc-refusal__text">{reservationExpiredText(refunded)}</p>
      <Link className="cc-btn" to="/cart">
        Back to basket
      </Link>
    </div>
  );
}
