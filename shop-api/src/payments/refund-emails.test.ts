import { describe, expect, it } from 'vitest';
import { refundEmail } from './refund-emails.ts';

const base = {
  to: 'ros@example.co.uk', firstName: 'Ros', orderId: 10016, destination: 'card', amountPence: 495,
  creditReturnedPence: 0, pointsReturned: 0, ticketsReleased: 0, couponsReturned: [], reason: 'Asked by phone',
} as const;

describe('refund email', () => {
  it('names every coupon given back, and says nothing of coupons when none came back', () => {
    expect(refundEmail({ ...base, couponsReturned: ['SAVE5', 'TENOFF', 'WELCOME'] }).text)
      .toContain('\nThe coupons SAVE5, TENOFF and WELCOME you used on the order are yours again, to use on another order.\n');
    expect(refundEmail({ ...base, couponsReturned: ['SAVE5'] }).text).toContain('\nThe coupon SAVE5 you used on the order is yours again');
    expect(refundEmail(base).text).not.toMatch(/coupon/i);
  });
});
