import type { Competition } from '@cgg/contracts';
import { apiURL } from './site.ts';

/** Competitions as the storefront lists them (the API's first page, `limit` of them), straight from the API. */
export async function listedCompetitions(limit = 100): Promise<Competition[]> {
  const res = await fetch(`${apiURL}/?rest_route=/api/v1/competition`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: 'Bearer cgg-storefront' },
    body: JSON.stringify({ limit }),
  });
  if (!res.ok) throw new Error(`competition list answered ${res.status}`);
  return ((await res.json()) as { data: Competition[] }).data;
}
