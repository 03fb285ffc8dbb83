import type { InstantWinRecord } from './instant-win-record.ts';

/** A received record; `remove` deletes it from the database (the pop-up does so 100 ms after reading it). */
export interface FeedArrival {
  key: string;
  record: InstantWinRecord | null;
  remove(): void;
}

/** Subscribes to added records; returns the unsubscribe. */
export type FeedSource = (onArrival: (arrival: FeedArrival) => void) => () => void;
