import { useEffect, useRef } from 'react';
import { useSnackbar, type SnackbarKey } from 'notistack';
import { attachToastSink } from './toast-queue.ts';
import { toastDuration } from './toast-options.ts';

/**
 * Shows queued toasts with notistack. Errors come one at a time: a new error closes
 * the one on screen, and each has a Dismiss button (spec section 8).
 */
export function ToastBridge() {
  const { enqueueSnackbar, closeSnackbar } = useSnackbar();
  const currentError = useRef<SnackbarKey | null>(null);

  useEffect(
    () =>
      attachToastSink(({ message, variant }) => {
        if (variant !== 'error') {
          enqueueSnackbar(message, { variant, autoHideDuration: toastDuration(variant) });
          return;
        }
        if (currentError.current !== null) closeSnackbar(currentError.current);
        currentError.current = enqueueSnackbar(message, {
          variant,
          autoHideDuration: toastDuration(variant),
          preventDuplicate: true,
          onClose: (_event, _reason, key) => {
            if (currentError.current === key) currentError.current = null;
          },
          action: (key) => (
            <button type="button" className="sh-toast-dismiss" onClick={() => closeSnackbar(key)}>
              Dismiss
            </button>
          ),
        });
      }),
    [enqueueSnackbar, closeSnackbar],
  );
  return null;
}
