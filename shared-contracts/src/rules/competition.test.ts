import { describe, expect, it } from 'vitest';
import { effectivePricePence, isSaleActive, isSoldOut, soldPercentage, ticketsLeft } from './competition.ts';

const priced = {
  price_per_ticket: '1.99',
  sale_price: '0.99' as string | null,
  sale_start_date: '2026-11-20' as string | null,
  sale_start_time: '09:00' as string | null,
  sale_end_date: '2026-11-22' as string | null,
  sale_end_time: '18:00' as string | null,
};

describe('tickets', () => {
  it('counts tickets left and sold out', () => {
    expect(ticketsLeft({ total_sell_tickets: 100, total_ticket_sold: 40 })).toBe(60);
    expect(ticketsLeft({ total_sell_tickets: 100, total_ticket_sold: 120 })).toBe(0);
    expect(isSoldOut({ total_sell_tickets: 100, total_ticket_sold: 100 })).toBe(true);
    expect(isSoldOut({ total_sell_tickets: 100, total_ticket_sold: 99 })).toBe(false);
  });
  it('floors the sold percentage', () => {
    expect(soldPercentage(1, 3)).toBe(33);
    expect(soldPercentage(999, 1000)).toBe(99);
    expect(soldPercentage(0, 0)).toBe(0);
    expect(soldPercentage(10, 5)).toBe(100);
  });
});

describe('sale price', () => {
  it('applies only inside its London-time window', () => {
    // 09:00 London on 20 Nov (GMT) is 09:00Z.
    expect(isSaleActive(priced, new Date('2026-11-20T08:59:00Z'))).toBe(false);
    expect(isSaleActive(priced, new Date('2026-11-20T09:00:00Z'))).toBe(true);
    expect(isSaleActive(priced, new Date('2026-11-22T18:00:00Z'))).toBe(true);
    expect(isSaleActive(priced, new Date('2026-11-22T18:01:00Z'))).toBe(false);
  });
  it('applies only when lower than the normal price', () => {
    const now = new Date('2026-11-21T12:00:00Z');
    expect(isSaleActive({ ...priced, sale_price: '1.99' }, now)).toBe(false);
    expect(isSaleActive({ ...priced, sale_price: '2.49' }, now)).toBe(false);
    expect(isSaleActive({ ...priced, sale_price: null }, now)).toBe(false);
    expect(effectivePricePence(priced, now)).toBe(99);
    expect(effectivePricePence({ ...priced, sale_price: '2.49' }, now)).toBe(199);
  });
  it('is no sale without any window', () => {
    const open = { ...priced, sale_start_date: null, sale_start_time: null, sale_end_date: null, sale_end_time: null };
    expect(isSaleActive(open, new Date('2026-11-21T12:00:00Z'))).toBe(false);
  });
});
