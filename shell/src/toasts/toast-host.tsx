import { lazy, Suspense, useEffect, useState } from 'react';
import { on } from '@cgg/contracts';
import { dismissToast, dropWaitingToasts, pushToast } from './toast-queue.ts';
import { ToastLoadBoundary } from './toast-load-boundary.tsx';

// Most visits show no toast, so notistack is fetched with the first one rather than
// on start (it is not needed for the home page to become interactive).
const lazyToastRenderer = () => lazy(() => import('./toast-renderer.tsx'));

/**
 * Listens for `shell:toast` and `shell:toast-dismiss` from any remote (payloads validated
 * by the contracts' `on`, so an old remote's shape is read and a broken one dropped).
 */
export function ToastHost() {
  const [needed, setNeeded] = useState(false);
  // A lazy component keeps its failure for good: after a failed download it is replaced, and the
  // next toast mounts the new one, which asks for the chunk again (the chunk loader forgets a failed chunk).
  const [ToastRenderer, setToastRenderer] = useState(lazyToastRenderer);
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
    <ToastLoadBoundary
      onFailed={() => {
        dropWaitingToasts();
        setToastRenderer(lazyToastRenderer);
        setNeeded(false);
      }}
    >
      <Suspense fallback={null}>
        <ToastRenderer />
      </Suspense>
    </ToastLoadBoundary>
  ) : null;
}
