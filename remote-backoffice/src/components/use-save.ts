import { useState } from 'react';
import { failureMessage } from '../api/staff-api.ts';

/**
 * A form's save: busy while sending, then "saved" or the API's refusal (shown by FormAlert).
 * `reset` starts a new attempt, so an old refusal does not stand beside the form's own
 * messages when its checks stop it before anything is sent.
 */
export function useSave() {
  const [refusal, setRefusal] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);
  const reset = () => {
    setRefusal(null);
    setSaved(false);
  };
  async function run(send: () => Promise<void>): Promise<void> {
    reset();
    setBusy(true);
    try {
      await send();
      setSaved(true);
    } catch (error) {
      setRefusal(failureMessage(error));
    } finally {
      setBusy(false);
    }
  }
  return { refusal, saved, busy, run, reset, edited: () => setSaved(false) };
}
