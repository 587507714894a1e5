import { useInfiniteQuery, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import type { MonitorAlertSettings } from '../../../../core/api/alert-settings';
import type { Monitor } from '../../../../core/api/monitors';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Field, FormError, Input, Label, NativeSelect } from '../../../components/ui/input';
import { apiGet, apiSend } from '../../../lib/api';
import { monitorListQueryOptions, monitorQueryOptions } from '../../../lib/monitors';
import { useCan } from '../../../lib/workspaces';

const REMINDER_CHOICES = [5, 10, 15, 30, 60, 120, 240, 1440];

export const alertSettingsKey = (monitorId: string) => ['monitors', monitorId, 'alert-settings'] as const;

function settingsPath(monitorId: string): string {
  return `/api/v1/monitors/${encodeURIComponent(monitorId)}/alert-settings`;
}

function everyLabel(minutes: number): string {
  if (minutes === 1440) return 'Every day';
  return minutes < 60 ? `Every ${minutes} minutes` : `Every ${minutes / 60} hour${minutes === 60 ? '' : 's'}`;
}

/** Other monitors, found by name, to check as upstreams; the chosen ones stay listed first. */
function UpstreamPicker({
  monitorId,
  chosen,
  onToggle,
}: {
  monitorId: string;
  chosen: readonly string[];
  onToggle(id: string, on: boolean): void;
}) {
  const [filter, setFilter] = useState('');
  const { data } = useInfiniteQuery(monitorListQueryOptions({ q: filter.trim() || undefined }));
  const chosenMonitors = useQueries({
    queries: chosen.map((id) => monitorQueryOptions(id)),
  }).flatMap((query) => (query.data ? [query.data] : []));
  const found = (data?.pages.flatMap((page) => page.monitors) ?? []).filter(
    (row) => row.id !== monitorId && !chosen.includes(row.id),
  );
  const rows = [...chosenMonitors.map((m) => ({ id: m.id, name: m.name, target: m.target })), ...found];
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="text-sm font-medium">Depends on</legend>
      <p className="text-sm text-muted">
        While a monitor it depends on is down, this one's failures open no incident of their own and send no
        alert: they are listed on that monitor's incident and recover with it.
      </p>
      <Input
        type="search"
        aria-label="Find monitors"
        placeholder="Find monitors by name"
        value={filter}
        onChange={(event) => setFilter(event.target.value)}
      />
      <div className="flex max-h-48 flex-col gap-1 overflow-auto rounded-md border border-border p-2">
        {rows.length === 0 ? (
          <p className="text-sm text-muted">No other monitors match.</p>
        ) : (
          rows.map((row) => (
            <label key={row.id} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                checked={chosen.includes(row.id)}
                onChange={(event) => onToggle(row.id, event.target.checked)}
              />
              <span className="font-medium">{row.name}</span>
              <span className="truncate text-muted">{row.target}</span>
            </label>
          ))
        )}
      </div>
    </fieldset>
  );
}

function SettingsForm({ monitor, initial }: { monitor: Monitor; initial: MonitorAlertSettings }) {
  const queryClient = useQueryClient();
  const canWrite = useCan('write');
  const [dependsOn, setDependsOn] = useState<string[]>(initial.dependsOn);
  const [renotify, setRenotify] = useState(
    initial.renotifyMinutes === null ? '' : String(initial.renotifyMinutes),
  );
  const [slow, setSlow] = useState(initial.alertOnDegraded);
  const save = useMutation({
    mutationFn: () =>
      apiSend<MonitorAlertSettings>('PATCH', settingsPath(monitor.id), {
        dependsOn,
        renotifyMinutes: renotify === '' ? null : Number(renotify),
        alertOnDegraded: slow,
      }),
    onSuccess: (saved) => {
      queryClient.setQueryData(alertSettingsKey(monitor.id), saved);
      toast.success('Alert settings saved.');
    },
  });
  const toggle = (id: string, on: boolean) =>
    setDependsOn((current) => (on ? [...current, id] : current.filter((other) => other !== id)));
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-4">
      <UpstreamPicker monitorId={monitor.id} chosen={dependsOn} onToggle={toggle} />
      <Field>
        <Label htmlFor="renotify">Remind while down</Label>
        <NativeSelect id="renotify" value={renotify} onChange={(event) => setRenotify(event.target.value)}>
          <option value="">Never</option>
          {REMINDER_CHOICES.map((minutes) => (
            <option key={minutes} value={minutes}>
              {everyLabel(minutes)}
            </option>
          ))}
        </NativeSelect>
        <p className="text-sm text-muted">Reminders stop once the incident is acknowledged or resolved.</p>
      </Field>
      <label className="flex items-start gap-2 text-sm">
        <input type="checkbox" checked={slow} onChange={(event) => setSlow(event.target.checked)} />
        <span>
          <span className="font-medium">Alert when slow</span>
          <span className="block text-muted">
            {monitor.degradedAboveMs === null
              ? "Set 'Degraded above' in the form above first: slow means slower than that."
              : `When two checks running take longer than ${monitor.degradedAboveMs} ms, and again when it is back to normal speed.`}
          </span>
        </span>
      </label>
      <FormError>{save.error?.message}</FormError>
      {canWrite && (
        <div>
          <Button type="submit" variant="secondary" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : 'Save alert settings'}
          </Button>
        </div>
      )}
    </form>
  );
}

/** Dependencies, reminders while down and slow-answer alerts: what keeps this monitor's alerts quiet and useful. */
export function QuietAlertsCard({ monitor }: { monitor: Monitor }) {
  const { data } = useQuery({
    queryKey: alertSettingsKey(monitor.id),
    queryFn: ({ signal }) => apiGet<MonitorAlertSettings>(settingsPath(monitor.id), signal),
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle>Dependencies and reminders</CardTitle>
        <CardDescription>
          Stay quiet when an upstream is the cause; speak up when an outage drags on.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {data ? (
          <SettingsForm key={data.dependsOn.join()} monitor={monitor} initial={data} />
        ) : (
          <p className="text-sm text-muted">Loading alert settings…</p>
        )}
      </CardContent>
    </Card>
  );
}
