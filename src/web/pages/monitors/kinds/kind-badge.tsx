import type { MonitorKind } from '../../../../core/api/monitors';
import { cn } from '../../../lib/cn';
import { kindFace } from './faces';

/** A monitor's kind as a small icon and label, for rows that show its target. */
export function KindBadge({ kind, className }: { kind: MonitorKind; className?: string }) {
  const ui = kindFace(kind);
  const Icon = ui.icon;
  return (
    <span
      title={ui.title}
      className={cn(
        'inline-flex shrink-0 items-center gap-1 rounded border border-border px-1 py-px text-[0.625rem] font-medium tracking-wide text-muted uppercase',
        className,
      )}
    >
      <Icon className="size-3" aria-hidden />
      {ui.label}
    </span>
  );
}

/** The target line of a monitor row: kind badge, then the target in mono. */
export function KindTarget({
  kind,
  target,
  className,
}: {
  kind: MonitorKind;
  target: string;
  className?: string;
}) {
  return (
    <p className={cn('flex min-w-0 items-center gap-1.5 text-xs text-muted', className)}>
      <KindBadge kind={kind} />
      <span className="truncate font-mono">{target}</span>
    </p>
  );
}
