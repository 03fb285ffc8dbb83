/** What the password step answers: the second factor to ask for, with its short-lived token. */
export interface SecondStep {
  step: 'totp' | 'enrol-totp';
  token: string;
  otpauth_uri?: string;
  secret?: string;
}
