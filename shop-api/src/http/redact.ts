const secretParams = /([?&](?:token|password[^=&]*|account_number|sort_code)=)[^&#]*/gi;

/** A URL safe to log: values of token, password and bank-detail parameters are masked. */
export function redactUrl(url: string): string {
  return url.replace(secretParams, '$1[redacted]');
}
