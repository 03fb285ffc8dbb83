import { SnackbarProvider } from 'notistack';
import { MAX_TOASTS } from './toast-options.ts';
import { ToastBridge } from './toast-bridge.tsx';

/** notistack at the top right (spec section 2); loaded with the first toast. */
export default function ToastRenderer() {
  return (
    <SnackbarProvider maxSnack={MAX_TOASTS} anchorOrigin={{ vertical: 'top', horizontal: 'right' }} autoHideDuration={4000}>
      <ToastBridge />
    </SnackbarProvider>
  );
}
