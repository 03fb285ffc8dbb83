import { lazy, Suspense, useEffect, useState } from 'react';
import { on } from '@cgg/contracts';
import { pushToast } from './toast-queue.ts';

// Most visits show no toast, so notistack is fetched with the first one rather than
// on start (it is not needed for the home page to become interactive).
const ToastRenderer = lazy(() => import('./toast-renderer.tsx'));

/** Listens for `shell:toast` from any remote (payloads validated by the contracts' `on`). */
export function ToastHost() {
  const [needed, setNeeded] = useState(false);
  useEffect(
    () =>
      on('shell:toast', (toast) => {
        pushToast(toast);
        setNeeded(true);
      }),
    [],
  );
  return needed ? (
    <Suspense fallback={null}>
      <ToastRenderer />
    </Suspense>
  ) : null;
}
