import { useEffect, useState, type ComponentType } from 'react';
import { useAfterInteractive } from '../federation/after-interactive.ts';
import { loadFeedConfig, type InstantWinFeedConfig } from './feed-config.ts';

type Live = ComponentType<{ config: InstantWinFeedConfig }>;

/**
 * Where the live instant-win pop-up lives in the layout. Nothing of it is in the
 * start-up files: once the page is interactive it reads the runtime config, then
 * imports the pop-up chunk (its database client included). Any failure leaves the site as it is.
 */
export function InstantWinSlot() {
  const interactive = useAfterInteractive();
  const [live, setLive] = useState<{ Component: Live; config: InstantWinFeedConfig } | null>(null);
  useEffect(() => {
    if (!interactive) return;
    let mounted = true;
    void (async () => {
      const config = await loadFeedConfig();
      if (!config) return;
      const { InstantWinLive } = await import(/* webpackChunkName: "instant-win-feed" */ './instant-win-live.tsx');
      if (mounted) setLive({ Component: InstantWinLive, config });
    })().catch((error: unknown) => console.error('[shell] instant-win pop-up unavailable', error));
    return () => {
      mounted = false;
    };
  }, [interactive]);
  if (!live) return null;
  return <live.Component config={live.config} />;
}
