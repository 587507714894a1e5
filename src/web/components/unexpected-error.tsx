import { AlertOctagon } from 'lucide-react';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button } from './ui/button';

export function UnexpectedErrorScreen({ error, path }: { error: unknown; path: string }) {
  const message = error instanceof Error ? error.message : error ? String(error) : '';
  return (
    <main className="flex min-h-screen items-center justify-center bg-surface px-4 py-12">
      <div className="w-full max-w-lg rounded-ui border border-border bg-bg p-8 text-center shadow-sm">
        <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-danger-soft text-danger">
          <AlertOctagon className="size-7" aria-hidden />
        </span>
        <h1 className="mt-5 text-2xl font-semibold tracking-tight">Something went wrong</h1>
        <p className="mt-2 text-muted">
          An unexpected error occurred. We've been notified and are working to fix it.
        </p>
        {message ? (
          <div className="mt-6 rounded-ui border border-danger/30 bg-danger-soft p-3 text-left text-sm">
            <p className="font-semibold text-danger">Error Details:</p>
            <p className="mt-1 font-mono text-xs break-words">{message}</p>
          </div>
        ) : null}
        <p className="mt-4 text-xs text-muted">
          Page: <code className="font-mono">{path}</code>
        </p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <Button onClick={() => window.location.reload()}>Reload Page</Button>
          <Button asChild variant="secondary">
            <a href="/dashboard">Go to Dashboard</a>
          </Button>
          <Button variant="ghost" onClick={() => window.history.back()}>
            ← Go Back
          </Button>
        </div>
      </div>
    </main>
  );
}

interface State {
  error: unknown;
  failed: boolean;
}

/** Last line of defence around the whole app, outside the router (which has its own pages). */
export class AppErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null, failed: false };

  static getDerivedStateFromError(error: unknown): State {
    return { error, failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Unexpected error', error, info.componentStack);
  }

  override render() {
    if (this.state.failed) {
      return <UnexpectedErrorScreen error={this.state.error} path={window.location.pathname} />;
    }
    return this.props.children;
  }
}
