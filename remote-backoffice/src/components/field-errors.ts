import { ApiError } from '@cgg/contracts';

/** A form's messages by field name: the first issue a schema or a check found for each. */
export type FieldErrors = Partial<Record<string, string>>;

interface Issue {
  path: ReadonlyArray<PropertyKey>;
  message: string;
}

/** The contracts' schema issues as one message per field, so the form says what the API would. */
export function fieldErrorsOf(issues: readonly Issue[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '');
    errors[field] ??= issue.message;
  }
  return errors;
}

export const hasErrors = (errors: FieldErrors): boolean => Object.values(errors).some(Boolean);

/** The API's refusal of fields (`rest_invalid_param`, `data.params`, by the request's names), to show under each; null for any other failure. */
export function apiFieldErrors(error: unknown): FieldErrors | null {
  if (!(error instanceof ApiError) || error.code !== 'rest_invalid_param') return null;
  const params = (error.data as { params?: unknown } | null | undefined)?.params;
  return params && typeof params === 'object' && !Array.isArray(params) ? (params as FieldErrors) : null;
}

/**
 * Sends a form; a refusal the API gives a field (a 400 naming it) is shown under that field
 * (`show`), not as the form's alert. Any other failure goes on, for the form's save to show.
 */
export async function withFieldErrors(send: () => Promise<void>, show: (errors: FieldErrors) => void): Promise<void> {
  try {
    await send();
  } catch (error) {
    const fields = apiFieldErrors(error);
    if (!fields) throw error;
    show(fields);
  }
}
