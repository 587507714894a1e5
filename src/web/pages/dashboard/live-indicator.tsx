import { cn } from '../../lib/cn';
import { useLiveState } from '../../lib/live/use-live-updates';

/** Tells the viewer whether the figures below update by themselves right now. */
export function LiveIndicator() {
  const state = useLiveState();
  const live = state === 'open';
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1.5 text-xs font-medium',
        live ? 'text-accent' : 'text-muted',
      )}
      title={live ? 'Updates arrive as checks run.' : 'Reconnecting to live updates…'}
    >
      <span className={cn('size-1.5 rounded-full', live ? 'bg-accent' : 'bg-muted')} aria-hidden />
      {live ? 'Live' : 'Connecting…'}
    </span>
  );
}
