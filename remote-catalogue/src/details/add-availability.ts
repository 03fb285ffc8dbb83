import { londonDateTime, ticketsLeft, type Competition } from '@cgg/contracts';

/** Why tickets cannot be added right now, or null when they can. */
export function addBlockedReason(c: Competition, now: Date): string | null {
  if (c.cancelled) return 'This competition was cancelled: it will not be drawn, and everyone who entered has been refunded.';
  if (c.status === 'drawn') return 'This competition has been drawn.';
  if (c.status === 'closed') return 'This competition is closed to new entries.';
  if (ticketsLeft(c) === 0) return 'SOLD OUT: there are no tickets left.';
  if (c.disable_tickets) return 'Entries are paused for this competition.';
  if (londonDateTime(c.closing_date, c.closing_time).valueOf() < now.getTime()) return 'This competition is closed to new entries.';
  return null;
}

/** The most one add may ask for: tickets left and the per-person limit (the basket checks what is already held). */
export function maxQuantity(c: Competition): number {
  return Math.max(0, Math.min(ticketsLeft(c), c.max_ticket_per_user));
}

export function clampQuantity(value: number, max: number): number {
  if (!Number.isFinite(value)) return 1;
  return Math.min(Math.max(1, Math.floor(value)), Math.max(1, max));
}
