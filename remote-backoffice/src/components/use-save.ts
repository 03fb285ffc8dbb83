import { useRef, useState } from 'react';
import { failureMessage } from '../api/staff-api.ts';

/**
 * A form's save: busy while sending, then "saved" or the API's refusal (shown by FormAlert).
 * `reset` starts a new attempt, so an old refusal does not stand beside the form's own
 * messages when its checks stop it before anything is sent. A run asked for while one is under
 * way does nothing: the buttons stay focusable while busy (aria-disabled, not disabled, which
 * would drop the focus to the page), so a second press must not send twice.
 */
export function useSave() {
  const [refusal, setRefusal] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);
  const running = useRef(false);
  const reset = () => {
    setRefusal(null);
    setSaved(false);
  };
  async function run(send: () => Promise<void>): Promise<void> {
    if (running.current) return;
    running.current = true;
    reset();
    setBusy(true);
    try {
      await send();
      setSaved(true);
    } catch (error) {
      setRefusal(failureMessage(error));
    } finally {
      running.current = false;
      setBusy(false);
    }
  }
  return { refusal, saved, busy, run, reset, edited: () => setSaved(false) };
}
