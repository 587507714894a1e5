import { Link } from '@tanstack/react-router';
import { AlertTriangle } from 'lucide-react';
import { Button } from './ui/button';

/** A dashboard area's own error page (monitor, settings): names the area, keeps the shell. */
export function SectionError({ title, message }: { title: string; message: string }) {
  return (
    <div role="alert" className="mx-auto flex max-w-lg flex-col items-center py-12 text-center">
      <span className="flex size-12 items-center justify-center rounded-full bg-danger-soft text-danger">
        <AlertTriangle className="size-6" aria-hidden />
      </span>
      <h1 className="mt-4 text-xl font-semibold">{title}</h1>
      <p className="mt-2 text-muted">{message}</p>
      <div className="mt-6 flex gap-3">
        <Button asChild variant="secondary">
          <Link to="/dashboard">Back to Dashboard</Link>
        </Button>
        <Button onClick={() => window.location.reload()}>Try Again</Button>
      </div>
    </div>
  );
}

export function MonitorErrorPage() {
  return (
    <SectionError
      title="Monitor Error"
      message="We couldn't load the monitor details. The monitor might not exist or there was a connection issue."
    />
  );
}

export function SettingsErrorPage() {
  return (
    <SectionError
      title="Settings Error"
      message="We couldn't load the settings page. Please check your connection and try again."
    />
  );
}
