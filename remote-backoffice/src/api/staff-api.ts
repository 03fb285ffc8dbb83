import { ApiError, type RequestOptions } from '@cgg/contracts';
import { staffSession } from '../session/staff-session.ts';

/** The API's 401 for a staff call without a live session (shop-api's access guard). */
const STAFF_SIGN_IN_CODE = 'cgg_staff_sign_in';

/** What a 401 on a signed-in call means to the member. */
export const SESSION_ENDED = 'Your back-office session has ended. Please sign in again.';
/** The same, on the screen whose call it was: shown beside the form, which is still there after signing in again. */
export const NOT_DONE_SIGNED_OUT = 'Your session had ended, so nothing was done. Sign in again, then try again.';

/**
 * One back-office call, `send(options)` being the contracts' apiRequest, with the staff
 * session's token as the bearer:
 *   staffRequest((o) => apiRequest(staffCalls.staffList, {}, o))
 * A 401 means the session ended (30 idle minutes, signed out elsewhere, or the member was
 * disabled): the tab's session ends too, and the sign-in says why (staffSession.ended). Other
 * refusals reach the screen as ApiError, with the API's message.
 */
export async function staffRequest<T>(send: (options: RequestOptions) => Promise<T>, token: string | null = staffSession.token()): Promise<T> {
  try {
    return await send(token ? { bearer: token } : {});
  } catch (error) {
    if (token && error instanceof ApiError && error.status === 401) staffSession.ended(SESSION_ENDED, token);
    throw error;
  }
}

/**
 * The message to show for a failed call: the API's own, or a plain one when no answer came. A
 * refused field (`rest_invalid_param`) says what is wrong with it (`data.params`), not only its
 * name: "Another document has this slug.", not "Invalid parameter(s): slug".
 */
export function failureMessage(error: unknown): string {
  // The session ended (staffRequest): the sign-in says so; the screen says its call was not done.
  if (error instanceof ApiError && error.code === STAFF_SIGN_IN_CODE) return NOT_DONE_SIGNED_OUT;
  if (error instanceof ApiError && error.code !== 'http_error' && error.code !== 'invalid_json' && error.code !== 'invalid_response') {
    const params = (error.data as { params?: unknown } | null | undefined)?.params;
    if (error.code === 'rest_invalid_param' && params && typeof params === 'object' && !Array.isArray(params)) {
      const said = Object.values(params).filter((m): m is string => typeof m === 'string' && m !== '');
      if (said.length > 0) return said.join(' ');
    }
    return error.message;
  }
  return 'The back office could not reach the shop. Please try again.';
}
