import { SITE_BEARER } from '@cgg/contracts';

export interface Caller {
  /** The bearer credential, or null when the header is missing or malformed. */
  bearer: string | null;
  /** True when the caller presented the storefront's fixed site credential. */
  isSite: boolean;
}

const bearerPattern = /^Bearer\s+([\x21-\x7e]{1,512})$/i;

/** Never throws: a malformed header simply means "no credential". The value is never logged. */
export function readCaller(header: string | string[] | undefined): Caller {
  const value = Array.isArray(header) ? header[0] : header;
  const match = typeof value === 'string' ? bearerPattern.exec(value.trim()) : null;
  const bearer = match?.[1] ?? null;
  return { bearer, isSite: bearer === SITE_BEARER };
}
