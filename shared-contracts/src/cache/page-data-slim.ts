import type { Competition } from '../api/competition.ts';
import type { CallName } from '../api/calls.ts';
import type { PageDataEntry } from './page-data.ts';

/**
 * What a competition card (and the home page's sections, which are cards, the carousel's slides
 * and the next draw's tile) never shows: the long texts and the per-prize lists only a details
 * page reads. The page data of the calls below carries them empty, so the home page's HTML does
 * not carry ~40 KB of JSON the browser parses and never uses. Empty, not removed: the answer
 * still matches the call's response schema and the Competition type, so every reader of the
 * page data (the catalogue's swr fallback, takePageData's validation) works unchanged.
 */
const EMPTIED_FOR_CARDS = {
  description: '',
  gallery_images: [],
  instant_wins: [],
  instant_wins_tickets: [],
  reward_wins: [],
  question: null,
  question_options: [],
  live_draw_info: null,
} satisfies Partial<Competition>;

const cards = (list: unknown): unknown =>
  Array.isArray(list) ? list.map((c: unknown) => (c && typeof c === 'object' ? { ...c, ...EMPTIED_FOR_CARDS } : c)) : list;

/** The calls whose answers are only ever shown as cards, and where their competitions are. */
const CARD_CALLS: Partial<Record<CallName, (data: unknown) => unknown>> = {
  featuredCompetition: (data) =>
    data && typeof data === 'object' ? { ...data, featured: cards((data as { featured?: unknown }).featured), competitions: cards((data as { competitions?: unknown }).competitions) } : data,
  drawnNextCompetition: cards,
  finishedSoldoutCompetition: cards,
};

/**
 * A page-data entry as it travels in the HTML: for a call shown only as cards, its competitions
 * without what cards do not show. The shell's server renders the page from the same slimmed
 * entries, so the browser's hydration matches the HTML. Other calls are returned as they are.
 */
export function slimPageDataEntry(entry: PageDataEntry): PageDataEntry {
  const slim = CARD_CALLS[entry.call];
  const response = entry.response as { data?: unknown } | null;
  if (!slim || !response || typeof response !== 'object' || !('data' in response)) return entry;
  return { ...entry, response: { ...response, data: slim(response.data) } };
}
