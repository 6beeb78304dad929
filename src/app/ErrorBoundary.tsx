import { Component, type ErrorInfo, type ReactNode } from 'react';
import { logger } from '@/lib/logger';

interface Props {
  children: ReactNode;
}

interface State {
  failed: boolean;
}

/** Replaces a page that failed to render with a friendly message and a way home, never a blank screen. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    logger.error('Unexpected error while rendering the page:', error, info.componentStack);
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return (
      <section className="container flex min-h-[50vh] flex-col items-center justify-center py-20 text-center">
        <h1 className="text-3xl font-bold tracking-tight">Something went wrong</h1>
        <p className="mt-4 max-w-md text-muted-foreground">
          Sorry, this page ran into a problem. Please try again, or head back to the home page.
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          {/* Full page loads, so the app starts afresh rather than re-rendering the broken tree. */}
          <a
            href="/"
            className="inline-flex h-11 items-center rounded-md bg-primary px-5 text-sm font-semibold text-primary-foreground hover:bg-primary/90"
          >
            Go to the home page
          </a>
          <button
            type="button"
            onClick={() => window.location.reload()}
            className="inline-flex h-11 items-center rounded-md border border-input px-5 text-sm font-semibold hover:bg-accent"
          >
            Try again
          </button>
        </div>
      </section>
    );
  }
}
