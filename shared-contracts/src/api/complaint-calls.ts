import { call } from './call.ts';
import * as complaints from './complaints.ts';

/**
 * The complaint form's call (spec's complaints procedure). Apart from `calls` (the shared module
 * every page loads): only the complaints page and the API use it.
 */
export const complaintCalls = {
  /** Anyone may complain; a signed-in customer's token (payload or bearer) ties the complaint to their account. */
  fileComplaint: call({ access: 'anyone', route: '/api/v1/file_complaint', method: 'POST', auth: 'body-token', request: complaints.complaintRequestSchema, response: complaints.complaintResponseSchema }),
} as const;
