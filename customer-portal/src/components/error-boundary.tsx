import { Component, type ErrorInfo, type ReactNode } from 'react';

/** Spec §2.13: a render failure shows this text; the part before " / " is the heading. */
export const RENDER_FAILURE_TEXT = 'Something Went Wrong / Some Issues While Loading...';

export function RenderFailure() {
  const [title, detail] = RENDER_FAILURE_TEXT.split(' / ');
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
