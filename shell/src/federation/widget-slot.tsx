import { Suspense, useEffect, type ReactNode } from 'react';
import { remoteModuleId, type ExposedModule, type RemoteName } from './exposed-modules.ts';
import { forgetRemoteComponent, remoteComponent } from './remote-component.ts';
import { useRemoteLoader } from './remote-loader-context.ts';
import { useAfterInteractive } from './after-interactive.ts';
import { SlotErrorBoundary } from './slot-error-boundary.tsx';

interface Props<R extends RemoteName> {
  remote: R;
  module: ExposedModule<R>;
  /** A small plain stand-in (e.g. a link) shown while loading and if the remote is down. */
  fallback: ReactNode;
  /** A change of this value (the page's path) tries a failed widget again. */
  retryOn?: string;
  /** Started while the remote is down and its stand-in shows; answers how to stop it. */
  whileDown?: () => () => void;
}

/**
 * A header widget from a remote, loaded once the page is interactive. Never breaks
 * the header: until then, and when its remote is down, it shows its plain stand-in. A widget
 * whose remote was down is tried again on the next page, so a short outage does not take it
 * away for the rest of the visit.
 */
export function WidgetSlot<R extends RemoteName>({ remote, module, fallback, retryOn, whileDown }: Props<R>) {
  const load = useRemoteLoader();
  const ready = useAfterInteractive();
  if (!ready) return <>{fallback}</>;
  const id = remoteModuleId(remote, module);
  const Widget = remoteComponent(id, load);
  return (
    <SlotErrorBoundary resetKey={retryOn} onFailed={() => forgetRemoteComponent(id, load)} fallback={() => <WhileDown start={whileDown}>{fallback}</WhileDown>}>
      <Suspense fallback={fallback}>
        <Widget />
      </Suspense>
    </SlotErrorBoundary>
  );
}

function WhileDown({ start, children }: { start: (() => () => void) | undefined; children: ReactNode }) {
  useEffect(() => start?.(), [start]);
  return <>{children}</>;
}
