import { INCIDENT_SEVERITIES, INCIDENT_SEVERITY_LABELS } from '../../../core/api/incidents';
import { NativeSelect } from '../../components/ui/input';
import { type IncidentFilters, TIME_RANGES, type TimeRange } from '../../lib/incidents';
import { useMonitorChoices } from './use-monitor-choices';

function MonitorFilter({ value, onChange }: { value?: string; onChange: (id?: string) => void }) {
  const data = useMonitorChoices();
  return (
    <NativeSelect
      aria-label="Monitor"
      value={value ?? ''}
      onChange={(event) => onChange(event.target.value || undefined)}
      className="sm:w-52"
    >
      <option value="">All monitors</option>
      {(data ?? []).map((monitor) => (
        <option key={monitor.id} value={monitor.id}>
          {monitor.name}
        </option>
      ))}
    </NativeSelect>
  );
}

export function IncidentFilterBar({
  filters,
  onChange,
  withMonitor = true,
}: {
  filters: IncidentFilters;
  onChange: (filters: IncidentFilters) => void;
  withMonitor?: boolean;
}) {
  const set = <K extends keyof IncidentFilters>(key: K, value: IncidentFilters[K]) =>
    onChange({ ...filters, [key]: value });
  return (
    <div className="mb-4 flex flex-col gap-2 sm:flex-row sm:flex-wrap">
      <NativeSelect
        aria-label="State"
        value={filters.state ?? ''}
        onChange={(event) => set('state', (event.target.value || undefined) as IncidentFilters['state'])}
        className="sm:w-52"
      >
        <option value="">Open and resolved</option>
        <option value="open">Open</option>
        <option value="resolved">Resolved</option>
      </NativeSelect>
      {withMonitor ? (
        <MonitorFilter value={filters.monitorId} onChange={(id) => set('monitorId', id)} />
      ) : null}
      <NativeSelect
        aria-label="Severity"
        value={filters.severity ?? ''}
        onChange={(event) =>
          set('severity', (event.target.value || undefined) as IncidentFilters['severity'])
        }
        className="sm:w-40"
      >
        <option value="">All severities</option>
        {INCIDENT_SEVERITIES.map((severity) => (
          <option key={severity} value={severity}>
            {INCIDENT_SEVERITY_LABELS[severity]}
          </option>
        ))}
      </NativeSelect>
      <NativeSelect
        aria-label="Time range"
        value={filters.range ?? ''}
        onChange={(event) => set('range', (event.target.value || undefined) as TimeRange | undefined)}
        className="sm:w-40"
      >
        <option value="">All time</option>
        {Object.entries(TIME_RANGES).map(([value, { label }]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
