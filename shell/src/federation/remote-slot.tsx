import { Suspense, useState } from 'react';
import { Spinner } from '../layout/spinner.tsx';
import { remoteModuleId, type ExposedModule, type RemoteName } from './exposed-modules.ts';
import { forgetRemoteComponent, remoteComponent } from './remote-component.ts';
import { useRemoteLoader } from './remote-loader-context.ts';
import { remoteParts } from './remote-parts.ts';
import { isRemoteUnavailable } from './remote-unavailable-error.ts';
import { SlotErrorBoundary } from './slot-error-boundary.tsx';
import { MainContentReady } from './main-content-ready.tsx';

interface Props<R extends RemoteName> {
  remote: R;
  module: ExposedModule<R>;
}

/** A page owned by a remote: spinner while it loads, a clear message naming the part if it cannot. */
export function RemoteSlot<R extends RemoteName>({ remote, module }: Props<R>) {
  const load = useRemoteLoader();
  const id = remoteModuleId(remote, module);
  const [attempt, setAttempt] = useState(0);
  const Page = remoteComponent(id, load);
  return (
    // Keyed by the module: routes are not keyed, so going from one remote page to another reuses
    // this slot. Navigations are transitions, and a transition never brings back the fallback of a
    // Suspense already on screen: the old page stayed, with no spinner, while the new module came.
    // A boundary of its own per module mounts with its spinner at once (and starts with no error).
    <SlotErrorBoundary
      key={id}
      // Only a part that could not be loaded is "unavailable"; a page that loaded and then failed
      // while rendering is a bug, and goes on to the route's error screen.
      catches={isRemoteUnavailable}
      // A failed lazy page stays failed: forgotten at once, coming back to the page loads it afresh
      // instead of failing again with no new request for the rest of the visit.
      onFailed={() => forgetRemoteComponent(id, load)}
      onRetry={() => {
        forgetRemoteComponent(id, load);
        setAttempt((n) => n + 1);
      }}
      fallback={(retry) => (
        <section className="sh-unavailable" role="alert" aria-live="assertive">
          <h1 className="sh-unavailable__title">Sorry, this part of the site is not available</h1>
          <p>{remoteParts[remote].unavailable}</p>
          <button type="button" className="sh-button" onClick={retry}>
            Try again
          </button>
          <MainContentReady />
        </section>
      )}
    >
      <Suspense fallback={<Spinner label={`Loading the ${remoteParts[remote].label}…`} />}>
        <Page key={attempt} />
        <MainContentReady />
      </Suspense>
    </SlotErrorBoundary>
  );
}
