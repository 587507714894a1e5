import type { MonitorKind } from '../../../../core/api/monitors';
import { cn } from '../../../lib/cn';
import { KIND_ORDER, kindUi } from './registry';

/** The first choice of a new monitor: what kind of thing it watches. */
export function KindPicker({
  value,
  onChange,
}: {
  value: MonitorKind;
  onChange: (kind: MonitorKind) => void;
}) {
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium">What should Upwatch check?</legend>
      <div className="grid gap-3 sm:grid-cols-3">
        {KIND_ORDER.map((kind) => {
          const ui = kindUi(kind);
          const Icon = ui.icon;
          const checked = kind === value;
          return (
            <label
              key={kind}
              className={cn(
                'flex cursor-pointer gap-3 rounded-ui border p-3 text-sm transition-colors',
                'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
                checked ? 'border-accent bg-accent-soft' : 'border-border hover:bg-surface',
              )}
            >
              <input
                type="radio"
                name="monitor-kind"
                value={kind}
                checked={checked}
                onChange={() => onChange(kind)}
                aria-labelledby={`monitor-kind-${kind}-title`}
                aria-describedby={`monitor-kind-${kind}-description`}
                className="sr-only"
              />
              <Icon
                className={cn('mt-0.5 size-5 shrink-0', checked ? 'text-accent' : 'text-muted')}
                aria-hidden
              />
              <span className="flex flex-col gap-0.5">
                <span id={`monitor-kind-${kind}-title`} className="font-medium">
                  {ui.title}
                </span>
                <span id={`monitor-kind-${kind}-description`} className="text-xs text-muted">
                  {ui.description}
                </span>
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
