import { describe, expect, it } from 'vitest';
import { lockEnd } from './responsible-play.ts';

describe('when a break ends', () => {
  it('counts days and months on the London clock, so a break across a clock change ends at the time it began', () => {
    // 13:00 BST on 20 October; the clocks go back on 25 October 2026.
    const began = new Date('2026-10-20T12:00:00.000Z');
    expect(lockEnd('7d', began)).toEqual(new Date('2026-10-27T13:00:00.000Z'));
    expect(lockEnd('30d', began)).toEqual(new Date('2026-11-19T13:00:00.000Z'));
    // 13:00 GMT on 20 January: six months later is 13:00 BST.
    expect(lockEnd('6m', new Date('2026-01-20T13:00:00.000Z'))).toEqual(new Date('2026-07-20T12:00:00.000Z'));
  });

  it('keeps 24 hours as 24 hours, the seconds as they were, and closes for good with no end', () => {
    const began = new Date('2026-03-28T09:15:42.123Z');
    expect(lockEnd('24h', began)).toEqual(new Date('2026-03-29T09:15:42.123Z'));
    expect(lockEnd('7d', began)).toEqual(new Date('2026-04-04T08:15:42.123Z'));
    expect(lockEnd('permanent', began)).toBeNull();
  });
});
