import { Component, type ErrorInfo, type ReactNode } from 'react';
import { common } from '../messages/common';

export function RenderFailure() {
  const [title, detail] = common.renderFailure.split(' / ');
  return (
    <section className="render-failure" role="alert">
      <h1>{title}</h1>
      <p>{detail}</p>
    </section>
  );
}

type Props = { children: ReactNode };
type State = { failed: boolean };

/** Catches render errors below it. Give it a `key` (e.g. the path) so that navigating away resets it. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Render failure', error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.failed ? <RenderFailure /> : this.props.children;
  }
}
