import { loadSettings, readCached, settingsCacheRule, type Settings } from '@cgg/contracts';
import { useEffect, useState } from 'react';

/**
 * The shop settings through the shared 15-minute cache: the stored copy renders at once
 * (even when stale), a refresh runs when it is older than 15 minutes, and a failure is
 * only logged (spec sections 4 and 8).
 */
export function useSettings(): Settings | undefined {
  const [settings, setSettings] = useState<Settings | undefined>(() => readCached(settingsCacheRule)?.value);
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
