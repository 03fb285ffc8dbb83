import { Suspense, type ReactNode } from 'react';
import { remoteModuleId, type ExposedModule, type RemoteName } from './exposed-modules.ts';
import { remoteComponent } from './remote-component.ts';
import { useRemoteLoader } from './remote-loader-context.ts';
import { useAfterInteractive } from './after-interactive.ts';
import { SlotErrorBoundary } from './slot-error-boundary.tsx';

interface Props<R extends RemoteName> {
  remote: R;
  module: ExposedModule<R>;
  /** A small plain stand-in (e.g. a link) shown while loading and if the remote is down. */
  fallback: ReactNode;
}

/**
 * A header widget from a remote, loaded once the page is interactive. Never breaks
 * the header: until then, and when its remote is down, it shows its plain stand-in.
 */
export function WidgetSlot<R extends RemoteName>({ remote, module, fallback }: Props<R>) {
  const load = useRemoteLoader();
  const ready = useAfterInteractive();
  if (!ready) return <>{fallback}</>;
  const Widget = remoteComponent(remoteModuleId(remote, module), load);
  return (
    <SlotErrorBoundary fallback={() => fallback}>
      <Suspense fallback={fallback}>
        <Widget />
      </Suspense>
    </SlotErrorBoundary>
  );
}
