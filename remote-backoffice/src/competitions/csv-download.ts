import { staffEntriesCsvPath } from '@cgg/contracts/staff';
import { ApiError, apiErrorFromResponse } from '@cgg/contracts';
import { staffRequest } from '../api/staff-api.ts';

/**
 * Saves a competition's entries as a CSV file. The export needs the staff bearer, which a plain
 * link cannot send, so it is fetched (streamed by the API) and handed to the browser as a download.
 */
export async function downloadEntriesCsv(competitionId: number): Promise<void> {
  const file = await staffRequest(async (o) => {
    const res = await fetch(staffEntriesCsvPath(competitionId), { headers: { Authorization: `Bearer ${o.bearer ?? ''}` } });
    if (!res.ok) throw await apiErrorFromResponse(res);
    return res.blob().catch(() => {
      throw new ApiError('http_error', 'The download was cut off.', res.status);
    });
  });
  const url = URL.createObjectURL(file);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = `competition-${competitionId}-entries.csv`;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // After the click has handed the file over.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}
