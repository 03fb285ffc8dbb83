import { lazy, Suspense, useEffect, useState } from 'react';
import { on } from '@cgg/contracts';
import { dismissToast, pushToast } from './toast-queue.ts';

// Most visits show no toast, so notistack is fetched with the first one rather than
// on start (it is not needed for the home page to become interactive).
const ToastRenderer = lazy(() => import('./toast-renderer.tsx'));

/**
 * Listens for `shell:toast` and `shell:toast-dismiss` from any remote (payloads validated
 * by the contracts' `on`, so an old remote's shape is read and a broken one dropped).
 */
export function ToastHost() {
  const [needed, setNeeded] = useState(false);
  useEffect(() => {
    const stops = [
      on('shell:toast', (toast) => {
        pushToast(toast);
        setNeeded(true);
      }),
      on('shell:toast-dismiss', ({ id }) => dismissToast(id)),
    ];
    return () => stops.forEach((stop) => stop());
  }, []);
  return needed ? (
    <Suspense fallback={null}>
      <ToastRenderer />
    </Suspense>
  ) : null;
}
