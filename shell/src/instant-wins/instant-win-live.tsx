// The pop-up's own chunk: the firebase SDK, the component and its styles arrive together,
// after the page is interactive, and never in the start-up files.
import { useMemo } from 'react';
import type { InstantWinFeedConfig } from './feed-config.ts';
import { firebaseFeedSource } from './firebase-feed-source.ts';
import { InstantWinPopup } from './instant-win-popup.tsx';
import './instant-win-popup.css';

export function InstantWinLive({ config }: { config: InstantWinFeedConfig }) {
  const source = useMemo(() => firebaseFeedSource(config), [config]);
  return <InstantWinPopup source={source} />;
}
