import { loadSettings, readSiteContent, settingsCacheRule, type Settings } from '@cgg/contracts';
import { useEffect, useState } from 'react';
import { useHydrating } from '../app/use-hydrating.ts';

/**
 * The shop settings through the shared 15-minute cache: the stored copy renders at once
 * (even when stale), a refresh runs when it is older than 15 minutes, and a failure is
 * only logged (spec sections 4 and 8).
 */
export function useSettings(): Settings | undefined {
  // Hydrating: what the server rendered. The visitor's stored copy (kept 15 minutes, spec) follows.
  const hydrating = useHydrating();
  const [settings, setSettings] = useState<Settings | undefined>(() => readSiteContent(settingsCacheRule, { hydrating })?.value);
  useEffect(() => {
    let live = true;
    void loadSettings().then((value) => {
      if (live && value) setSettings(value);
    });
    return () => {
      live = false;
    };
  }, []);
  return settings;
}
