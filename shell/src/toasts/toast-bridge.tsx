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
 * that is how a loading toast, which is never timed (section 9), ends.
 */
export function ToastBridge() {
  const { enqueueSnackbar, closeSnackbar } = useSnackbar();
  const currentError = useRef<SnackbarKey | null>(null);
  const named = useRef(new Map<string, SnackbarKey>());

  useEffect(() => {
    const closeNamed = (id: string) => {
      const key = named.current.get(id);
      if (key === undefined) return;
      named.current.delete(id);
      closeSnackbar(key);
    };

    const show = ({ message, variant, id }: Toast) => {
      if (id !== undefined) closeNamed(id);
      const forget = (key: SnackbarKey | undefined) => {
        if (id !== undefined && named.current.get(id) === key) named.current.delete(id);
      };
      let key: SnackbarKey;
      if (variant === 'loading') {
        key = enqueueSnackbar(loadingMessage(message), { variant: 'info', persist: true, autoHideDuration: toastDuration(variant), onClose: (_e, _r, k) => forget(k) });
      } else if (variant !== 'error') {
        key = enqueueSnackbar(message, { variant, autoHideDuration: toastDuration(variant), onClose: (_e, _r, k) => forget(k) });
      } else {
        if (currentError.current !== null) closeSnackbar(currentError.current);
        key = enqueueSnackbar(message, {
          variant,
          autoHideDuration: toastDuration(variant),
          preventDuplicate: true,
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

    return attachToastSink((command) => (command.kind === 'show' ? show(command.toast) : closeNamed(command.id)));
  }, [enqueueSnackbar, closeSnackbar]);
  return null;
}
