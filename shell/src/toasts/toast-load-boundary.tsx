import { Component, type ReactNode } from 'react';

interface Props {
  /** Told once the renderer could not be fetched, so the host can forget it and fetch it again later. */
  onFailed: () => void;
  children: ReactNode;
}

/**
 * Keeps a failed download of the toast renderer (a dropped connection, a redeploy that removed
 * the chunk) to itself: without a boundary React 19 unmounts the whole root and the page goes blank.
 * Toasts are extras: the page carries on without them, saying nothing to the shopper.
 */
export class ToastLoadBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.warn('[shell] toasts unavailable: their renderer could not be loaded', error);
    this.props.onFailed();
  }

  override render(): ReactNode {
    return this.state.failed ? null : this.props.children;
  }
}
