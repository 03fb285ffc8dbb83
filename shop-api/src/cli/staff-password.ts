import { randomBytes } from 'node:crypto';

/** A first password the CLI makes for a member (16 characters), shown to the operator once to pass on privately. */
export const generatedStaffPassword = (): string => randomBytes(12).toString('base64url');
