import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { Competition } from '@cgg/contracts';

const FOCUSABLE = 'button:not([disabled]), input:not([disabled]), [href], [tabindex]:not([tabindex="-1"])';

/** A radio group is one Tab stop: Tab leaves it from whichever radio has the focus, not only its last. */
function sameStop(el: Element | null, stop: HTMLElement): boolean {
  if (el === stop) return true;
  return el instanceof HTMLInputElement && stop instanceof HTMLInputElement && el.type === 'radio' && stop.type === 'radio' && el.name === stop.name;
}

/**
 * The competition question (spec: modal id 'enter'). Answering and confirming hands the
 * answer back; Escape, the close button or the backdrop cancel. Focus moves in, stays in
 * (Tab wraps) and returns to what opened it.
 */
export function QuestionModal({
  competition,
  quantity,
  onConfirm,
  onClose,
}: {
  competition: Pick<Competition, 'title' | 'question' | 'question_options'>;
  quantity: number;
  onConfirm: (answerId: number) => void;
  onClose: () => void;
}) {
  const [answer, setAnswer] = useState<number | null>(null);
  const dialog = useRef<HTMLDivElement>(null);
  const titleId = useId();

  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    dialog.current?.querySelector<HTMLElement>('input, button')?.focus();
    return () => opener?.focus?.();
  }, []);

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.stopPropagation();
      onClose();
      return;
    }
    if (e.key !== 'Tab' || !dialog.current) return;
    const items = Array.from(dialog.current.querySelectorAll<HTMLElement>(FOCUSABLE));
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    // A radio group is entered at its checked radio, if any.
    const enter = (stop: HTMLElement) => (items.find((el) => sameStop(el, stop) && el instanceof HTMLInputElement && el.checked) ?? stop).focus();
    // The stops are found at each press: Confirm is disabled (no stop) until an answer is
    // picked, so until then the last stop is the answers' radio group.
    if (e.shiftKey && sameStop(document.activeElement, first)) {
      e.preventDefault();
      enter(last);
    } else if (!e.shiftKey && sameStop(document.activeElement, last)) {
      e.preventDefault();
      enter(first);
    }
  };

  return (
    <div className="cat-modal__backdrop" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div id="enter" ref={dialog} className="cat-modal" role="dialog" aria-modal="true" aria-labelledby={titleId} onKeyDown={onKeyDown}>
        <button type="button" className="cat-modal__close" aria-label="Close" onClick={onClose}>
          ×
        </button>
        <h2 id={titleId} className="cat-modal__title">
          Answer to enter
        </h2>
        <p className="cat-modal__comp">{competition.title}</p>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (answer !== null) onConfirm(answer);
          }}
        >
          <fieldset className="cat-modal__options">
            <legend className="cat-modal__question">{competition.question ?? 'Choose your answer'}</legend>
            {competition.question_options.map((o) => (
              <label key={o.id} className="cat-modal__option">
                <input type="radio" name="answer" value={o.id} checked={answer === o.id} onChange={() => setAnswer(o.id)} />
                <span>{o.text}</span>
              </label>
            ))}
          </fieldset>
          <button type="submit" className="cat-btn cat-modal__confirm" disabled={answer === null}>
            Confirm and add {quantity} {quantity === 1 ? 'ticket' : 'tickets'}
          </button>
        </form>
      </div>
    </div>
  );
}
