import type { MonitorRow } from '../../lib/monitors';

/** Checkboxes for the account's monitors (a deployment's, a maintenance window's). */
export function MonitorPicker({
  monitors,
  chosen,
  error,
  onChange,
  hint = "Leave all unchecked to use the monitors whose host is the URL's host, or every monitor when there is no URL.",
}: {
  monitors: MonitorRow[] | undefined;
  chosen: string[];
  error?: string;
  onChange: (ids: string[]) => void;
  /** What choosing none means where the picker is used. */
  hint?: string;
}) {
  const toggle = (id: string) =>
    onChange(chosen.includes(id) ? chosen.filter((one) => one !== id) : [...chosen, id]);
  return (
    <fieldset className="flex flex-col gap-1.5" aria-describedby="deployment-monitors-hint">
      <legend className="mb-1.5 text-sm font-medium">Monitors</legend>
      <p id="deployment-monitors-hint" className="text-xs text-muted">
        {hint}
      </p>
      {monitors === undefined ? (
        <p className="text-sm text-muted">Loading monitors…</p>
      ) : monitors.length === 0 ? (
        <p className="text-sm text-muted">You have no monitors yet.</p>
      ) : (
        <div className="flex max-h-56 flex-col gap-1.5 overflow-y-auto rounded-ui border border-border p-3">
          {monitors.map((monitor) => (
            <label key={monitor.id} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="size-4 accent-accent"
                checked={chosen.includes(monitor.id)}
                onChange={() => toggle(monitor.id)}
              />
              <span className="font-medium">{monitor.name}</span>
              <span className="truncate text-xs text-muted">{monitor.target}</span>
            </label>
          ))}
        </div>
      )}
      {error ? <p className="text-sm text-danger">{error}</p> : null}
    </fieldset>
  );
}
