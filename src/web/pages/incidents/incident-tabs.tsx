import { Activity, CheckCircle2, Clock, NotebookPen, Siren } from 'lucide-react';
import { EmptyState } from '../../components/ui/empty-state';

// Each tab's real screen arrives with incident management.

export function OverviewTab() {
  return (
    <EmptyState icon={Siren} title="Incident summary">
      Status, duration and impact appear here.
    </EmptyState>
  );
}

export function TimelineTab() {
  return (
    <EmptyState icon={Clock} title="No timeline events">
      Every state change and alert is recorded here.
    </EmptyState>
  );
}

export function NotesTab() {
  return (
    <EmptyState icon={NotebookPen} title="No notes">
      Notes from your team appear here.
    </EmptyState>
  );
}

export function RelatedMonitorsTab() {
  return (
    <EmptyState icon={Activity} title="No related monitors">
      Monitors affected by this incident appear here.
    </EmptyState>
  );
}

export function ResolutionTab() {
  return (
    <EmptyState icon={CheckCircle2} title="Not resolved yet">
      The root cause and fix are recorded here.
    </EmptyState>
  );
}
