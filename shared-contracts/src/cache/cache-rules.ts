import { seoSettingsSchema, settingsSchema, winnersSummaryResponseSchema, type SeoSettings, type Settings, type WinnersSummary } from '../api/content.ts';
import { FIFTEEN_MINUTES_MS, type CacheStorage, type TimedCacheRule } from './timed-local-cache.ts';

/**
 * The localStorage keys of spec section 9 that the site-content caches write. Every
 * front end reads them through these names; shell/README.md lists them.
 */
export const storageKeys = {
  sliderSpeed: 'slider_speed',
  suggestedTickets: 'suggested_tickets',
  announcement: 'announcement',
  liveDrawInfo: 'live_draw_info',
  mainCompetitionInfo: 'main_competition_info',
  sliderHeightDesktop: 'slider_height_desktop',
  sliderHeightMobile: 'slider_height_mobile',
  sliderHeightTablet: 'slider_height_tablet',
  showQuestion: 'show_question',
  settings: 'settings',
  settingsTimestamp: 'settings_timestamp',
  winnersSummary: 'winners_summary',
  winnersSummaryTimestamp: 'winners_summary_timestamp',
} as const;

/** `home_meta` / `home_meta_timestamp` is the spec's home meta cache; other pages follow the pattern. */
export const seoMetaKey = (page: string): string => `${page.toLowerCase()}_meta`;

/** The spec's per-setting keys, written each time fresh settings are stored. */
export function writeSettingKeys(settings: Settings, storage: CacheStorage): void {
  const k = storageKeys;
  storage.setItem(k.sliderSpeed, String(settings.slider_speed));
  storage.setItem(k.suggestedTickets, JSON.stringify(settings.suggested_tickets));
  storage.setItem(k.announcement, settings.announcement);
  storage.setItem(k.liveDrawInfo, settings.live_draw_info);
  storage.setItem(k.mainCompetitionInfo, JSON.stringify({ id: settings.main_competition }));
  storage.setItem(k.sliderHeightDesktop, String(settings.slider_height_desktop));
  storage.setItem(k.sliderHeightMobile, String(settings.slider_height_mobile));
  storage.setItem(k.sliderHeightTablet, String(settings.slider_height_tablet));
  storage.setItem(k.showQuestion, String(settings.show_question));
}

export const settingsCacheRule: TimedCacheRule<Settings> = {
  key: storageKeys.settings,
  timestampKey: storageKeys.settingsTimestamp,
  maxAgeMs: FIFTEEN_MINUTES_MS,
  accept: (value): value is Settings => settingsSchema.safeParse(value).success,
  onWrite: writeSettingKeys,
};

export const winnersSummaryCacheRule: TimedCacheRule<WinnersSummary> = {
  key: storageKeys.winnersSummary,
  timestampKey: storageKeys.winnersSummaryTimestamp,
  maxAgeMs: FIFTEEN_MINUTES_MS,
  accept: (value): value is WinnersSummary => winnersSummaryResponseSchema.safeParse(value).success,
};

/** SEO of one page (`home` is the spec's home meta cache). Holds the first SEO row. */
export function seoCacheRule(page: string): TimedCacheRule<SeoSettings> {
  const key = seoMetaKey(page);
  return {
    key,
    timestampKey: `${key}_timestamp`,
    maxAgeMs: FIFTEEN_MINUTES_MS,
    accept: (value): value is SeoSettings => seoSettingsSchema.safeParse(value).success,
  };
}
