import { calls, type CallName } from '../api/calls.ts';
import { serverRender } from './server-render.ts';

/**
 * Page data: public API answers the shell's server already read to write a page's head (the
 * settings, the page's SEO row, the home page's competitions, a competition's details), carried
 * in the page's HTML so the browser does not ask for them again while the page starts. Only
 * answers to the storefront's site credential travel this way, never a customer's.
 *
 * The server writes `<script type="application/json" id="cgg-page-data">` with a document
 * {at, entries}; each front end takes an entry (once) instead of calling the API.
 */
export const PAGE_DATA_ELEMENT_ID = 'cgg-page-data';
/** Older page data (a page shown again from the browser's cache) is not used: the API is asked. */
export const PAGE_DATA_MAX_AGE_MS = 60_000;

export interface PageDataEntry {
  call: CallName;
  payload: unknown;
  response: unknown;
}

export interface PageDataDocument {
  /** When the server read the answers (milliseconds since the epoch). */
  at: number;
  entries: PageDataEntry[];
  /** The page's HTML was rendered on the server from these answers (the browser hydrates it). */
  rendered?: boolean;
}

/** The key of one call and payload: object keys sorted, so `{a, b}` and `{b, a}` match. */
export function pageDataKey(call: CallName, payload: unknown): string {
  const sorted = (value: unknown): unknown =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(Object.keys(value as object).sort().map((k) => [k, sorted((value as Record<string, unknown>)[k])]))
      : value;
  return `${call}:${JSON.stringify(sorted(payload ?? {}))}`;
}

let entries: Map<string, unknown> | undefined;
let pageDocument: PageDataDocument | null | undefined;

/** The page's data document as the server wrote it, read once; null when absent or unreadable. */
function readPageDocument(): PageDataDocument | null {
  if (pageDocument !== undefined) return pageDocument;
  pageDocument = null;
  try {
    const text = globalThis.document?.getElementById(PAGE_DATA_ELEMENT_ID)?.textContent;
    const doc = text ? (JSON.parse(text) as PageDataDocument) : null;
    if (doc && Number.isFinite(doc.at) && Array.isArray(doc.entries)) {
      pageDocument = { ...doc, entries: doc.entries.filter((e) => e && typeof e.call === 'string' && e.call in calls) };
    }
  } catch {
    // Unreadable page data is no page data: the API is asked as usual.
  }
  return pageDocument;
}

function readDocument(now: number): Map<string, unknown> {
  const found = new Map<string, unknown>();
  const doc = readPageDocument();
  if (!doc || now - doc.at > PAGE_DATA_MAX_AGE_MS) return found;
  for (const e of doc.entries) found.set(pageDataKey(e.call, e.payload), e.response);
  return found;
}

/**
 * Every answer the page was rendered from, not taken (a front end's first render, which must
 * match the server's HTML), while it is younger than PAGE_DATA_MAX_AGE_MS. On the server, the
 * render's own answers.
 */
export function pageDataEntries(now: number = Date.now()): readonly PageDataEntry[] {
  const render = serverRender();
  if (render) return render.entries;
  const doc = readPageDocument();
  return doc && now - doc.at <= PAGE_DATA_MAX_AGE_MS ? doc.entries : [];
}

/**
 * When the page's answers were read: the clock a server-rendered page shows, on the server and
 * while the browser hydrates it. Undefined for a page the browser rendered alone.
 */
export function pageRenderedAt(): number | undefined {
  const render = serverRender();
  if (render) return render.at;
  const doc = readPageDocument();
  return doc?.rendered ? doc.at : undefined;
}

/**
 * The answer this page's HTML carried for a call and payload, or undefined. Each answer is taken
 * once: asking again (a refresh, a retry) goes to the API.
 *
 * Not checked against the call's schema again: the shell's server validated each answer when it
 * read it from the API (`apiRequest`, shell/server/page-head/shop-data.mjs) and wrote it into this
 * page itself, as it wrote the HTML the page hydrates (the swr fallback and `readSiteContent` use
 * the same entries). So the first screen needs no zod (src/zod/); answers from the API, stored
 * copies and events are still validated.
 */
export function takePageData(call: CallName, payload: unknown, now: number = Date.now()): unknown {
  entries ??= readDocument(now);
  const key = pageDataKey(call, payload);
  if (!entries.has(key)) return undefined;
  const response = entries.get(key);
  entries.delete(key);
  return response;
}

/** Every answer the page carried for one call (each with its payload), taken at once. */
export function takeAllPageData(call: CallName, now: number = Date.now()): { payload: unknown; response: unknown }[] {
  entries ??= readDocument(now);
  const prefix = `${call}:`;
  const out: { payload: unknown; response: unknown }[] = [];
  for (const key of [...entries.keys()]) {
    if (!key.startsWith(prefix)) continue;
    const payload: unknown = JSON.parse(key.slice(prefix.length));
    const response = takePageData(call, payload, now);
    if (response !== undefined) out.push({ payload, response });
  }
  return out;
}

/** Forgets what was read (tests, which write a new element for each case). */
export function resetPageData(): void {
  entries = undefined;
  pageDocument = undefined;
}
