import { ArrowDown, ArrowUp, Plus, X } from 'lucide-react';
import { useState } from 'react';
import { MAX_MONITORS_PER_STATUS_PAGE } from '../../../../core/api/status-pages';
import { Button } from '../../../components/ui/button';
import { Input, Label, NativeSelect } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { useMonitorChoices } from '../../incidents/use-monitor-choices';
import { type FormSection, move, type PickedMonitor } from './form-values';

type RowAction =
  | { move: -1 | 1 }
  | { remove: true }
  | { displayName: string }
  | { sectionKey: string | null };

/** Which of the page's sections the monitor is in, once the page has sections. */
function SectionChoice({
  monitor,
  sections,
  onChange,
}: {
  monitor: PickedMonitor;
  sections: FormSection[];
  onChange: (action: RowAction) => void;
}) {
  const selectId = `status-page-monitor-section-${monitor.monitorId}`;
  return (
    <div className="flex flex-col gap-1.5 sm:w-44">
      <Label htmlFor={selectId}>Section of {monitor.monitorName}</Label>
      <NativeSelect
        id={selectId}
        value={monitor.sectionKey ?? ''}
        onChange={(event) => onChange({ sectionKey: event.target.value || null })}
      >
        <option value="">No section</option>
        {sections.map((section, index) => (
          <option key={section.key} value={section.key}>
            {section.name.trim() || `Section ${index + 1}`}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}

function PickedRow({
  monitor,
  index,
  count,
  sections,
  onChange,
}: {
  monitor: PickedMonitor;
  index: number;
  count: number;
  sections: FormSection[];
  onChange: (action: RowAction) => void;
}) {
  const inputId = `status-page-monitor-${monitor.monitorId}`;
  return (
    <li className="flex flex-wrap items-end gap-2 py-3 sm:flex-nowrap">
      <div className="flex min-w-0 flex-1 basis-full flex-col gap-1.5 sm:basis-auto">
        <Label htmlFor={inputId}>Public name of {monitor.monitorName}</Label>
        <Input
          id={inputId}
          value={monitor.displayName}
          placeholder={monitor.monitorName}
          maxLength={100}
          onChange={(event) => onChange({ displayName: event.target.value })}
        />
      </div>
      {sections.length > 0 ? (
        <SectionChoice monitor={monitor} sections={sections} onChange={onChange} />
      ) : null}
      <div className="flex gap-1">
        <Button
          size="icon"
          variant="ghost"
          disabled={index === 0}
          onClick={() => onChange({ move: -1 })}
          aria-label={`Move ${monitor.monitorName} up`}
        >
          <ArrowUp className="size-4" aria-hidden />
        </Button>
        <Button
          size="icon"
          variant="ghost"
          disabled={index === count - 1}
          onClick={() => onChange({ move: 1 })}
          aria-label={`Move ${monitor.monitorName} down`}
        >
          <ArrowDown className="size-4" aria-hidden />
        </Button>
        <Button
          size="icon"
          variant="ghost"
          onClick={() => onChange({ remove: true })}
          aria-label={`Remove ${monitor.monitorName}`}
        >
          <X className="size-4" aria-hidden />
        </Button>
      </div>
    </li>
  );
}

/**
 * The page's monitors in display order, each with the name visitors see and its section, and a
 * picker to add more.
 */
export function MonitorPicker({
  value,
  sections,
  onChange,
  error,
}: {
  value: PickedMonitor[];
  sections: FormSection[];
  onChange: (monitors: PickedMonitor[]) => void;
  error?: string;
}) {
  const choices = useMonitorChoices();
  const [chosen, setChosen] = useState('');
  const picked = new Set(value.map((monitor) => monitor.monitorId));
  const available = choices?.filter((monitor) => !picked.has(monitor.id)) ?? [];
  const full = value.length >= MAX_MONITORS_PER_STATUS_PAGE;

  const add = () => {
    const monitor = available.find((candidate) => candidate.id === chosen);
    if (!monitor) return;
    onChange([
      ...value,
      { monitorId: monitor.id, monitorName: monitor.name, displayName: '', sectionKey: null },
    ]);
    setChosen('');
  };

  const change = (index: number, action: RowAction) => {
    if ('move' in action) onChange(move(value, index, index + action.move));
    else if ('remove' in action) onChange(value.filter((_, at) => at !== index));
    else onChange(value.map((monitor, at) => (at === index ? { ...monitor, ...action } : monitor)));
  };

  return (
    <fieldset
      className="flex flex-col gap-2"
      aria-describedby={error ? 'status-page-monitors-error' : undefined}
    >
      <legend className="text-sm font-medium">Monitors</legend>
      <p className="text-xs text-muted">
        Shown in this order, within their sections too. Leave a public name empty to show the monitor's own
        name.
      </p>
      {value.length > 0 ? (
        <ol aria-label="Monitors on this page" className="divide-y divide-border">
          {value.map((monitor, index) => (
            <PickedRow
              key={monitor.monitorId}
              monitor={monitor}
              index={index}
              count={value.length}
              sections={sections}
              onChange={(action) => change(index, action)}
            />
          ))}
        </ol>
      ) : (
        <p className="text-sm text-muted">No monitors on this page yet.</p>
      )}
      {choices === undefined ? (
        <Spinner label="Loading monitors" />
      ) : (
        <div className="flex gap-2">
          <NativeSelect
            aria-label="Monitor to add"
            value={chosen}
            disabled={full || available.length === 0}
            onChange={(event) => setChosen(event.target.value)}
          >
            <option value="">
              {choices.length === 0
                ? 'You have no monitors yet'
                : available.length === 0
                  ? 'Every monitor is on this page'
                  : 'Choose a monitor…'}
            </option>
            {available.map((monitor) => (
              <option key={monitor.id} value={monitor.id}>
                {monitor.name}
              </option>
            ))}
          </NativeSelect>
          <Button variant="secondary" disabled={!chosen || full} onClick={add}>
            <Plus className="size-4" aria-hidden />
            Add monitor
          </Button>
        </div>
      )}
      {error ? (
        <p id="status-page-monitors-error" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
