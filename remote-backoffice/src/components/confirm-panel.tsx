import type { ReactNode } from 'react';
import { focusOnShow } from './focus-on-show.ts';

interface Props {
  /** The group's name for screen readers: "Confirm the refund". */
  label: string;
  /** What happens on yes, in words: the order, the amount, what cannot be undone. */
  question: ReactNode;
  yes: string;
  /** The yes button's words while the change is sent: "Refunding…". */
  busyText: string;
  busy: boolean;
  onYes: () => void;
  onBack: () => void;
  back?: string;
  /** The smaller buttons of a row or a card. */
  small?: boolean;
  /**
   * True (default): the question takes the focus from the button that asked, which it replaces.
   * False: only announced, for a question asked from a select, where the focus must stay (arrowing
   * through a closed select changes it at each key).
   */
  takeFocus?: boolean;
}

/**
 * A change that moves money, signs someone out or cannot be undone, asked once more in words before
 * it is made. While it is sent both buttons stay focusable but do nothing (aria-disabled): a
 * disabled button would drop the focus to the page, and a second press must not send twice.
 */
export function ConfirmPanel({ label, question, yes, busyText, busy, onYes, onBack, back = 'Go back', small = false, takeFocus = true }: Props) {
  return (
    <div className="bo-confirm" role="group" aria-label={label}>
      <p tabIndex={-1} ref={takeFocus ? focusOnShow : undefined} aria-live={takeFocus ? undefined : 'polite'}>
        {question}
      </p>
      <button type="button" className={small ? 'bo-small-button' : 'bo-button'} aria-disabled={busy || undefined} onClick={() => !busy && onYes()}>
        {busy ? busyText : yes}
      </button>{' '}
      <button type="button" className="bo-link-button" aria-disabled={busy || undefined} onClick={() => !busy && onBack()}>
        {back}
      </button>
    </div>
  );
}
