import { Component, type ErrorInfo, type ReactNode } from 'react';

interface Props {
  /** What to show instead of the failed part; `retry` remounts the children. */
  fallback: (retry: () => void) => ReactNode;
  onRetry?: () => void;
  /** Told when the part fails, e.g. to forget a failed load so that a reset loads afresh. */
  onFailed?: () => void;
  /** A change of this value (e.g. the location) clears the error. */
  resetKey?: string;
  children: ReactNode;
}

interface State {
  failed: boolean;
  resetKey?: string;
}

/** Keeps one remote's failure inside its slot: the header, footer and other pages live on. */
export class SlotErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(): Partial<State> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (props.resetKey !== state.resetKey) return { failed: false, resetKey: props.resetKey };
    return null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('[shell] a remote part failed', error, info.componentStack);
    this.props.onFailed?.();
  }

  private readonly retry = () => {
    this.props.onRetry?.();
    this.setState({ failed: false });
  };

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback(this.retry) : this.props.children;
  }
}
