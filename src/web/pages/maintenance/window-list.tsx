import { MessageSquareText, Pencil, Play, Square, Trash2 } from 'lucide-react';
import { useState } from 'react';
import {
  MAINTENANCE_STATE_LABELS,
  type MaintenanceState,
  type MaintenanceWindow,
} from '../../../core/api/maintenance';
import { MAINTENANCE_PILL } from '../../components/monitors/maintenance-badge';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { cn } from '../../lib/cn';
import { formatDateTime } from '../../lib/format';
import { useWindowAction } from '../../lib/maintenance';
import { useTimeZone } from '../../lib/use-time-zone';
import { useCan } from '../../lib/workspaces';
import { useMonitorChoices } from '../incidents/use-monitor-choices';
import { describeDuration, describeRecurrence, describeSpan } from './describe';
import { WindowUpdatesDialog } from './window-updates';

const PILL = 'inline-flex items-center rounded-full border px-2 py-0.5 text-xs font-medium whitespace-nowrap';
const STATE_CLASS: Record<MaintenanceState, string> = {
  in_progress: MAINTENANCE_PILL,
  upcoming: cn(PILL, 'border-border bg-surface text-fg'),
  completed: cn(PILL, 'border-border bg-surface text-muted'),
};

export function StateBadge({ state }: { state: MaintenanceState }) {
  return <span className={STATE_CLASS[state]}>{MAINTENANCE_STATE_LABELS[state]}</span>;
}

function When({ window }: { window: MaintenanceWindow }) {
  const timeZone = useTimeZone();
  const shown = window.current ?? window.nextOccurrences[0] ?? null;
  return (
    <p className="text-sm">
      {shown
        ? describeSpan(shown.startsAt, shown.endsAt, timeZone)
        : `Last started ${formatDateTime(window.startsAt, timeZone, false)}`}
      <span className="text-muted">
        {' · '}
        {describeDuration(window.durationMinutes)} · {describeRecurrence(window.recurrence)}
      </span>
    </p>
  );
}

function Covers({ window }: { window: MaintenanceWindow }) {
  const monitors = useMonitorChoices();
  if (window.allMonitors) return <p className="text-xs text-muted">All monitors</p>;
  const names = window.monitorIds.map((id) => monitors?.find((monitor) => monitor.id === id)?.name ?? id);
  return <p className="truncate text-xs text-muted">{names.join(', ')}</p>;
}

function ConfirmDelete({ window, onClose }: { window: MaintenanceWindow; onClose: () => void }) {
  const action = useWindowAction();
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => (open ? null : onClose())}
      title={`Delete ${window.name}?`}
      description="Its monitors leave maintenance at once and no further occurrence runs."
      confirmLabel="Delete window"
      tone="destructive"
      pending={action.isPending}
      onConfirm={() => action.mutate({ id: window.id, action: 'delete' }, { onSuccess: onClose })}
    />
  );
}

function WindowRow({
  window,
  onEdit,
}: {
  window: MaintenanceWindow;
  onEdit: (window: MaintenanceWindow) => void;
}) {
  const canWrite = useCan('write');
  const action = useWindowAction();
  const [deleting, setDeleting] = useState(false);
  const [updating, setUpdating] = useState(false);
  const run = (verb: 'start' | 'end') => action.mutate({ id: window.id, action: verb });
  return (
    <li className="flex flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <div className="flex items-center gap-2">
          <p className="truncate font-medium">{window.name}</p>
          <StateBadge state={window.state} />
        </div>
        <When window={window} />
        <Covers window={window} />
      </div>
      {canWrite ? (
        <div className="flex shrink-0 flex-wrap gap-2">
          {window.state === 'in_progress' ? (
            <Button size="sm" variant="secondary" disabled={action.isPending} onClick={() => run('end')}>
              <Square className="size-4" aria-hidden />
              End now
            </Button>
          ) : (
            <Button size="sm" variant="secondary" disabled={action.isPending} onClick={() => run('start')}>
              <Play className="size-4" aria-hidden />
              Start now
            </Button>
          )}
          <Button size="sm" variant="secondary" onClick={() => setUpdating(true)}>
            <MessageSquareText className="size-4" aria-hidden />
            Updates
          </Button>
          <Button size="sm" variant="ghost" aria-label={`Edit ${window.name}`} onClick={() => onEdit(window)}>
            <Pencil className="size-4" aria-hidden />
          </Button>
          <Button
            size="sm"
            variant="ghost"
            aria-label={`Delete ${window.name}`}
            onClick={() => setDeleting(true)}
          >
            <Trash2 className="size-4" aria-hidden />
          </Button>
          {deleting ? <ConfirmDelete window={window} onClose={() => setDeleting(false)} /> : null}
          {updating ? <WindowUpdatesDialog window={window} onClose={() => setUpdating(false)} /> : null}
        </div>
      ) : null}
    </li>
  );
}

export function WindowList({
  windows,
  label,
  onEdit,
}: {
  windows: MaintenanceWindow[];
  label: string;
  onEdit: (window: MaintenanceWindow) => void;
}) {
  return (
    <ul aria-label={label} className="divide-y divide-border rounded-ui border border-border bg-bg">
      {windows.map((window) => (
        <WindowRow key={window.id} window={window} onEdit={onEdit} />
      ))}
    </ul>
  );
}
