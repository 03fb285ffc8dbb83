import { Component, type ErrorInfo, type ReactNode } from 'react';

interface Props {
  /** What to show instead of the failed part; `retry` remounts the children. */
  fallback: (retry: () => void) => ReactNode;
  onRetry?: () => void;
  /** Told when the part fails, e.g. to forget a failed load so that a reset loads afresh. */
  onFailed?: () => void;
  /**
   * Which errors this slot answers for (default: all). Any other is thrown on to the boundary
   * above it, e.g. a page's render bug to the route's error screen.
   */
  catches?: (error: unknown) => boolean;
  /** A change of this value (e.g. the location) clears the error. */
  resetKey?: string;
  children: ReactNode;
}

interface State {
  failed: boolean;
  error: unknown;
  resetKey?: string;
}

/** Keeps one remote's failure inside its slot: the header, footer and other pages live on. */
export class SlotErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false, error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { failed: true, error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (props.resetKey !== state.resetKey) return { failed: false, error: null, resetKey: props.resetKey };
    return null;
  }

  private handles(error: unknown): boolean {
    return this.props.catches?.(error) ?? true;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    if (!this.handles(error)) return;
    console.error('[shell] a remote part failed', error, info.componentStack);
    this.props.onFailed?.();
  }

  private readonly retry = () => {
    this.props.onRetry?.();
    this.setState({ failed: false, error: null });
  };

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    // Not ours to answer: thrown again from here, it reaches the next boundary up.
    if (!this.handles(this.state.error)) throw this.state.error;
    return this.props.fallback(this.retry);
  }
}
