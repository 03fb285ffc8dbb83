import { registerRemotes } from '@module-federation/enhanced/runtime';
import { remoteNames, type RemoteName } from './exposed-modules.ts';

/** The runtime document the shell's server answers at GET /remotes.json. */
export interface RemotesDocument {
  remotes: { name: RemoteName; entry: string }[];
}

function parseDocument(body: unknown): RemotesDocument {
  const list = (body as { remotes?: unknown } | null)?.remotes;
  if (!Array.isArray(list)) throw new Error('remotes.json has no remotes list');
  const remotes = list.filter(
    (r): r is { name: RemoteName; entry: string } =>
      typeof r === 'object' && r !== null &&
      remoteNames.includes((r as { name: RemoteName }).name) &&
      typeof (r as { entry?: unknown }).entry === 'string',
  );
  return { remotes };
}

/** The document the shell's server writes into each page (id cgg-remotes): no round trip before the first remote. */
function inlineDocument(): unknown {
  const text = document.getElementById('cgg-remotes')?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

async function fetchDocument(fetchImpl: typeof fetch): Promise<unknown> {
  const res = await fetchImpl('/remotes.json', { cache: 'no-store' });
  if (!res.ok) throw new Error(`GET /remotes.json answered ${res.status}`);
  return res.json();
}

/**
 * Reads where the remotes live (from the page, else GET /remotes.json) and registers them with the host's federation
 * runtime. A missing document is not fatal: the site renders its own parts and each
 * remote slot says it is unavailable.
 */
export async function registerRuntimeRemotes(fetchImpl: typeof fetch = fetch): Promise<RemotesDocument> {
  try {
    const doc = parseDocument(inlineDocument() ?? (await fetchDocument(fetchImpl)));
    registerRemotes(doc.remotes.map(({ name, entry }) => ({ name, entry })));
    return doc;
  } catch (error) {
    console.error('[shell] could not register the remotes', error);
    return { remotes: [] };
  }
}

let ready: Promise<RemotesDocument> | undefined;

/** Starts registration once; remote loads wait for it so the first paint need not. */
export function remotesReady(): Promise<RemotesDocument> {
  ready ??= registerRuntimeRemotes();
  return ready;
}
