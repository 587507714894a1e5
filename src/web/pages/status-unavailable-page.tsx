import { SearchX } from 'lucide-react';

export function StatusUnavailablePage() {
  return (
    <main className="flex min-h-screen items-center justify-center bg-surface px-4">
      <div className="max-w-md text-center">
        <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-bg text-muted ring-1 ring-border">
          <SearchX className="size-7" aria-hidden />
        </span>
        <h1 className="mt-5 text-2xl font-semibold tracking-tight">Page Not Available</h1>
        <p className="mt-2 text-muted">This status page is not available or may have been moved.</p>
      </div>
    </main>
  );
}
