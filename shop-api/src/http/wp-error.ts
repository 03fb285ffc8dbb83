/**
 * An error the API answers in WordPress' REST shape: `{code, message, data: {status, ...}}`.
 * Handlers throw it; the app's error handler writes it.
 */
export class WpHttpError extends Error {
  readonly code: string;
  readonly status: number;
  readonly extra: Record<string, unknown>;
  /** Top-level fields added beside code/message/data (save calls add the spec's `success: false, error`). */
  readonly top: Record<string, unknown>;

  constructor(status: number, code: string, message: string, extra: Record<string, unknown> = {}, top: Record<string, unknown> = {}) {
    super(message);
    this.top = top;
    this.name = 'WpHttpError';
    this.status = status;
    this.code = code;
    this.extra = extra;
  }

  toBody(): { code: string; message: string; data: Record<string, unknown> & { status: number } } {
    return { ...this.top, code: this.code, message: this.message, data: { status: this.status, ...this.extra } };
  }
}

export const noRoute = (): WpHttpError =>
  new WpHttpError(404, 'rest_no_route', 'No route was found matching the URL and request method.');

export const invalidJson = (): WpHttpError => new WpHttpError(400, 'rest_invalid_json', 'Invalid JSON body passed.');
