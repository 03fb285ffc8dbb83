import type { WpHttpError } from '../http/wp-error.ts';

/** An error raised inside the transaction that should carry the cart (built after rollback). */
export class NeedsCartError extends Error {
  constructor(readonly wp: WpHttpError) {
    super(wp.message);
  }
}
