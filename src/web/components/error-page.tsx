import { type ErrorComponentProps, Link } from '@tanstack/react-router';
import { AlertTriangle, ChevronDown, Home, RotateCw } from 'lucide-react';
import { Collapsible } from 'radix-ui';
import { useEffect } from 'react';
import { Button } from './ui/button';

function technicalDetails(error: unknown): string {
  if (error instanceof Error) return error.stack ?? `${error.name}: ${error.message}`;
  return String(error);
}

/** The router's default error page: any route whose loader or component throws lands here. */
export function ErrorPage({ error }: ErrorComponentProps) {
  useEffect(() => {
    console.error('Route failed to load', error);
  }, [error]);

  return (
    <div className="mx-auto flex max-w-lg flex-col items-center px-4 py-16 text-center">
      <span className="flex size-14 items-center justify-center rounded-full bg-danger-soft text-danger">
        <AlertTriangle className="size-7" aria-hidden />
      </span>
      <h1 className="mt-5 text-2xl font-semibold tracking-tight">Something went wrong</h1>
      <p className="mt-2 text-muted">We encountered an error while loading this page.</p>

      <Collapsible.Root className="mt-6 w-full text-left">
        <Collapsible.Trigger className="group flex w-full cursor-pointer items-center justify-between rounded-ui border border-border px-3 py-2 text-sm font-medium hover:bg-surface">
          Technical details
          <ChevronDown
            className="size-4 transition-transform group-data-[state=open]:rotate-180"
            aria-hidden
          />
        </Collapsible.Trigger>
        <Collapsible.Content className="overflow-hidden data-[state=closed]:animate-accordion-up data-[state=open]:animate-accordion-down">
          <pre className="mt-2 max-h-60 overflow-auto rounded-ui bg-surface p-3 font-mono text-xs whitespace-pre-wrap break-words">
            {technicalDetails(error)}
          </pre>
        </Collapsible.Content>
      </Collapsible.Root>

      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <Button asChild variant="secondary">
          <Link to="/dashboard">
            <Home className="size-4" aria-hidden />
            Go to Dashboard
          </Link>
        </Button>
        <Button onClick={() => window.location.reload()}>
          <RotateCw className="size-4" aria-hidden />
          Try Again
        </Button>
      </div>
      <p className="mt-8 text-sm text-muted">If this problem persists, please contact support.</p>
    </div>
  );
}
