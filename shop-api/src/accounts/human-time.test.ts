import { describe, expect, it } from 'vitest';
import { humanTimeAgo } from './human-time.ts';

describe('humanTimeAgo', () => {
  const now = new Date('2026-11-21T12:00:00Z');
  const ago = (ms: number) => humanTimeAgo(new Date(now.getTime() - ms), now);
  it('reads like WordPress human_time_diff', () => {
    expect(ago(0)).toBe('1 min ago');
    expect(ago(5 * 60_000)).toBe('5 mins ago');
    expect(ago(3600_000)).toBe('1 hour ago');
    expect(ago(3 * 86400_000)).toBe('3 days ago');
    expect(ago(14 * 86400_000)).toBe('2 weeks ago');
    expect(ago(65 * 86400_000)).toBe('2 months ago');
    expect(ago(800 * 86400_000)).toBe('2 years ago');
  });
});
