import { Component } from 'react';
import type { ErrorInfo, ReactNode } from 'react';

import { MainErrorFallback } from './main-error-fallback';

type Props = { children: ReactNode; fallback?: ReactNode };
type State = { hasError: boolean };

/** Catches render failures outside the router (the router has its own errorElement). */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { hasError: false };

  static getDerivedStateFromError(): State {
    return { hasError: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('[ui] render failure', error, info.componentStack);
  }

  override render() {
    if (this.state.hasError) return this.props.fallback ?? <MainErrorFallback />;
    return this.props.children;
  }
}
