// The pop-up's own chunk: the feed's small WebSocket client, the component and its styles
// arrive together, after the page is interactive, and never in the start-up files.
import { useMemo } from 'react';
import type { InstantWinFeedConfig } from './feed-config.ts';
import { InstantWinPopup } from './instant-win-popup.tsx';
import { rtdbFeedSource } from './rtdb-feed-source.ts';
import './instant-win-popup.css';

export function InstantWinLive({ config }: { config: InstantWinFeedConfig }) {
  const source = useMemo(() => rtdbFeedSource(config), [config]);
  return <InstantWinPopup source={source} />;
}
