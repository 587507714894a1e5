import { Waves } from 'lucide-react';
import {
  INCIDENT_SEVERITY_LABELS,
  INCIDENT_STATUS_LABELS,
  type IncidentSeverity,
  type IncidentStatus,
} from '../../../core/api/incidents';
import { cn } from '../../lib/cn';

const PILL =
  'inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-medium whitespace-nowrap';

const STATUS_CLASS: Record<IncidentStatus, string> = {
  investigating: 'bg-danger-soft text-danger border-danger/30',
  identified: 'bg-warning/10 text-warning border-warning/30',
  monitoring: 'bg-sky-500/10 text-sky-600 border-sky-500/30 dark:text-sky-400',
  resolved: 'bg-accent-soft text-accent border-accent/30',
};

const SEVERITY_CLASS: Record<IncidentSeverity, string> = {
  minor: 'bg-surface text-muted border-border',
  major: 'bg-warning/10 text-warning border-warning/30',
  critical: 'bg-danger text-white border-danger',
};

export function IncidentStatusBadge({ status }: { status: IncidentStatus }) {
  return <span className={cn(PILL, STATUS_CLASS[status])}>{INCIDENT_STATUS_LABELS[status]}</span>;
}

export function SeverityBadge({ severity }: { severity: IncidentSeverity }) {
  return <span className={cn(PILL, SEVERITY_CLASS[severity])}>{INCIDENT_SEVERITY_LABELS[severity]}</span>;
}

/** The monitor kept changing state while the incident was open: alerts were held back. */
export function FlappingBadge() {
  return (
    <span
      className={cn(PILL, 'border-warning/30 bg-warning/10 text-warning')}
      title="The monitor changed state often; no new alerts were sent while it lasted."
    >
      <Waves className="size-3" aria-hidden />
      Flapping
    </span>
  );
}
