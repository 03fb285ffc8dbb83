import type { Settings } from '@cgg/contracts';

/** localStorage key of the spec's "locally stored show-question flag" (section 5). */
export const SHOW_QUESTION_KEY = 'show_question';

/** The stored flag wins; without one, the settings' value; without settings, ask (the safe side). */
export function shouldShowQuestion(settings: Settings | undefined, storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage): boolean {
  let stored: string | null = null;
  try {
    stored = storage?.getItem(SHOW_QUESTION_KEY) ?? null;
  } catch {
    // storage blocked (private mode): fall back to the settings
  }
  if (stored !== null) return stored.replace(/"/g, '').trim() === '1';
  return settings ? settings.show_question === 1 : true;
}
