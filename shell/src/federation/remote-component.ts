import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { loadRemoteModule, type RemoteLoader } from './load-remote-module.ts';

type RemoteComponent = LazyExoticComponent<ComponentType>;

/** One lazy component per loader and module id, so revisiting a route does not suspend again. */
const cache = new WeakMap<RemoteLoader, Map<string, RemoteComponent>>();

export function remoteComponent(id: string, load: RemoteLoader): RemoteComponent {
  let byId = cache.get(load);
  if (!byId) {
    byId = new Map();
    cache.set(load, byId);
  }
  let component = byId.get(id);
  if (!component) {
    component = lazy(() => loadRemoteModule(id, load) as Promise<{ default: ComponentType }>);
    byId.set(id, component);
  }
  return component;
}

/** Drops a failed component so the next render (after "Try again") loads afresh. */
export function forgetRemoteComponent(id: string, load: RemoteLoader): void {
  cache.get(load)?.delete(id);
}
