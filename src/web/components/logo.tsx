import { Activity } from 'lucide-react';
import { cn } from '../lib/cn';

export function Logo({ className }: { className?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-2 font-semibold tracking-tight', className)}>
      <span className="flex size-7 items-center justify-center rounded-ui bg-accent text-accent-fg">
        <Activity className="size-4" strokeWidth={2.5} aria-hidden />
      </span>
      Upwatch
    </span>
  );
}
