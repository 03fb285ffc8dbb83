import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { formatTimeLeft, ReservationCountdown, ReservationExpired } from './reservation-countdown.tsx';

describe('formatTimeLeft', () => {
  it('shows mm:ss, rounding part seconds up and never going below zero', () => {
    expect(formatTimeLeft(600_000)).toBe('10:00');
    expect(formatTimeLeft(599_001)).toBe('10:00');
    expect(formatTimeLeft(59_000)).toBe('00:59');
    expect(formatTimeLeft(1)).toBe('00:01');
    expect(formatTimeLeft(0)).toBe('00:00');
    expect(formatTimeLeft(-5000)).toBe('00:00');
  });
});

/** One second at a time, as a browser renders between ticks. */
function passSeconds(n: number) {
  for (let i = 0; i < n; i++) act(() => vi.advanceTimersByTime(1000));
}

describe('ReservationCountdown', () => {
  it('counts down every second and says it has expired once, at 00:00', () => {
    vi.useFakeTimers({ now: new Date('2026-11-26T12:00:00Z') });
    const onExpired = vi.fn();
    render(<ReservationCountdown deadline={Date.now() + 62_000} onExpired={onExpired} />);
    const timer = screen.getByRole('timer');
    expect(timer.textContent).toBe('01:02');
    passSeconds(1);
    expect(timer.textContent).toBe('01:01');
    passSeconds(2);
    expect(timer.textContent).toBe('00:59');
    expect(onExpired).not.toHaveBeenCalled();
    passSeconds(59);
    expect(timer.textContent).toBe('00:00');
    expect(onExpired).toHaveBeenCalledTimes(1);
    passSeconds(5);
    expect(onExpired).toHaveBeenCalledTimes(1);
  });

  it('reports a reservation already over at once', () => {
    const onExpired = vi.fn();
    render(<ReservationCountdown deadline={Date.now() - 1} onExpired={onExpired} />);
    expect(screen.getByRole('timer').textContent).toBe('00:00');
    expect(onExpired).toHaveBeenCalledTimes(1);
  });
});

describe('ReservationExpired', () => {
  it('says the tickets went back on sale and leads back to the basket', () => {
    render(
      <MemoryRouter>
        <ReservationExpired />
      </MemoryRouter>,
    );
    const alert = screen.getByRole('alert', { name: 'Your reservation has expired' });
    expect(alert.textContent).toContain('Time ran out before your payment was finished, so your tickets have gone back on sale');
    expect(screen.getByRole('link', { name: 'Back to basket' }).getAttribute('href')).toBe('/cart');
  });
});
