import { useEffect, useRef } from 'react';
import { useSnackbar, type SnackbarKey } from 'notistack';
import { attachToastSink, type Toast } from './toast-queue.ts';
import { toastDuration } from './toast-options.ts';

/** notistack has no loading variant: it shows as 'info' with a spinner and is never timed. */
function loadingMessage(message: string) {
  return (
    <span className="sh-toast-loading" role="status" aria-busy="true">
      <span className="sh-toast-loading__spinner" aria-hidden="true" />
      {message}
    </span>
  );
}

/**
 * Shows queued toasts with notistack. Errors come one at a time: a new error closes
 * the one on screen, and each has a Dismiss button (spec section 8). A named toast
 * (`id`) replaces the one on screen with that name, and `shell:toast-dismiss` closes it:
 * that is how a loading toast, which is never timed (section 9), ends. A loading toast that
 * ends as another with the same words begins is one toast to the shopper (no flicker).
 */
export function ToastBridge() {
  const { enqueueSnackbar, closeSnackbar } = useSnackbar();
  const currentError = useRef<SnackbarKey | null>(null);
  const named = useRef(new Map<string, SnackbarKey>());

  useEffect(() => {
    // The words of each loading toast on screen, by its snackbar.
    const loadingWords = new Map<SnackbarKey, string>();
    // Loading toasts just ended, by their words: closed once the current task's work is done,
    // unless a loading toast with the same words begins meanwhile and takes the toast over. So the
    // shell's "Adding to your basket..." handing over to the basket's own stays one toast on screen.
    const ending = new Map<string, { key: SnackbarKey; timer: ReturnType<typeof setTimeout> }>();

    const close = (key: SnackbarKey) => {
      const words = loadingWords.get(key);
      if (words === undefined) return void closeSnackbar(key);
      const earlier = ending.get(words);
      if (earlier) {
        clearTimeout(earlier.timer);
        closeSnackbar(earlier.key);
      }
      const timer = setTimeout(() => {
        ending.delete(words);
        closeSnackbar(key);
      }, 0);
      ending.set(words, { key, timer });
    };
    const closeNamed = (id: string) => {
      const key = named.current.get(id);
      if (key === undefined) return;
      named.current.delete(id);
      close(key);
    };

    const show = ({ message, variant, id }: Toast) => {
      if (id !== undefined) closeNamed(id);
      const takenOver = variant === 'loading' && id !== undefined ? ending.get(message) : undefined;
      if (takenOver) {
        clearTimeout(takenOver.timer);
        ending.delete(message);
        named.current.set(id!, takenOver.key);
        return;
      }
      const forget = (key: SnackbarKey | undefined) => {
        if (id !== undefined && named.current.get(id) === key) named.current.delete(id);
      };
      let key: SnackbarKey;
      if (variant === 'loading') {
        key = enqueueSnackbar(loadingMessage(message), {
          variant: 'info',
          persist: true,
          autoHideDuration: toastDuration(variant),
          onClose: (_e, _r, k) => {
            if (k !== undefined) loadingWords.delete(k);
            forget(k);
          },
        });
        loadingWords.set(key, message);
      } else if (variant !== 'error') {
        key = enqueueSnackbar(message, { variant, autoHideDuration: toastDuration(variant), onClose: (_e, _r, k) => forget(k) });
      } else {
        // One error at a time: the one shown gives way. (No preventDuplicate: the one closing stays in
        // notistack's list until it has gone, so the same words again were dropped and nothing showed.)
        if (currentError.current !== null) closeSnackbar(currentError.current);
        key = enqueueSnackbar(message, {
          variant,
          autoHideDuration: toastDuration(variant),
          onClose: (_event, _reason, k) => {
            if (currentError.current === k) currentError.current = null;
            forget(k);
          },
          action: (k) => (
            <button type="button" className="sh-toast-dismiss" onClick={() => closeSnackbar(k)}>
              Dismiss
            </button>
          ),
        });
        currentError.current = key;
      }
      if (id !== undefined) named.current.set(id, key);
    };

    const detach = attachToastSink((command) => (command.kind === 'show' ? show(command.toast) : closeNamed(command.id)));
    return () => {
      detach();
      for (const { timer } of ending.values()) clearTimeout(timer);
    };
  }, [enqueueSnackbar, closeSnackbar]);
  return null;
}
