import { Component, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { ErrorScreen } from '../pages/error-screen.tsx';

interface BoundaryProps {
  /** The location it guards: a new one (any navigation) clears a caught error. */
  locationKey: string;
  children: ReactNode;
}

interface BoundaryState {
  failed: boolean;
  error: unknown;
  locationKey: string;
}

class Boundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failed: false, error: null, locationKey: this.props.locationKey };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { failed: true, error };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.locationKey === state.locationKey ? null : { failed: false, error: null, locationKey: props.locationKey };
  }

  override render() {
    return this.state.failed ? <ErrorScreen error={this.state.error} /> : this.props.children;
  }
}

/**
 * The error screen in place of what failed to render below it, as a data router's
 * `errorElement` did: the shell uses declarative routes (`useRoutes`), whose share of
 * react-router is half the data router's, so it catches route errors itself. Like an
 * `errorElement`, it clears on the next navigation.
 */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const location = useLocation();
  return <Boundary locationKey={location.key}>{children}</Boundary>;
}
