import { Component, type ReactNode } from 'react';
import { ChunkLoadError } from '../lib/lazy-timing';
import { LoadError } from './load-error';

type Props = { children: ReactNode; resetKey: number; onRetry: () => void };
type State = { error: unknown; resetKey: number };

/** Shows a load error with a retry button instead of a blank screen when a page chunk fails. */
export class PageErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    // A retry bumps resetKey: forget the old error and render the page again.
    return props.resetKey !== state.resetKey ? { error: null, resetKey: props.resetKey } : null;
  }

  override render() {
    const { error } = this.state;
    if (error === null) return this.props.children;
    const reason = error instanceof ChunkLoadError && error.reason === 'timeout' ? 'slow' : 'failed';
    return <LoadError reason={reason} onRetry={this.props.onRetry} />;
  }
}
