import { readStoredToken } from '../session/token-storage.ts';
import { ApiError } from '@cgg/contracts';

/** The token for a save; a missing one means the session ended in another tab. */
export function requireToken(): string {
  const token = readStoredToken();
  if (!token) throw new ApiError('rest_not_logged_in', 'Your session has ended. Please log in again.', 401);
  return token;
}
