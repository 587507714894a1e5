import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import type { MonitorRegions, MonitorRegionsInput, Region } from '../../../../core/api/regions';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { FormError, Input } from '../../../components/ui/input';
import { apiSend } from '../../../lib/api';
import { monitorKeys, monitorPath } from '../../../lib/monitors';
import { monitorRegionsQueryOptions, regionsQueryOptions } from '../../../lib/regions';
import { useCan } from '../../../lib/workspaces';

const RADIO = 'mt-0.5 size-4 shrink-0 accent-accent';

function Choice({
  name,
  checked,
  onChange,
  label,
  hint,
}: {
  name: string;
  checked: boolean;
  onChange: () => void;
  label: string;
  hint: string;
}) {
  return (
    <label className="flex gap-3">
      <input type="radio" name={name} checked={checked} onChange={onChange} className={RADIO} />
      <span>
        <span className="block text-sm font-medium">{label}</span>
        <span className="block text-xs text-muted">{hint}</span>
      </span>
    </label>
  );
}

/** Every region a worker reported from, with any chosen one no worker reports from any more. */
function regionChoices(known: readonly Region[], chosen: readonly string[] | null): Region[] {
  const missing = (chosen ?? []).filter((name) => !known.some((region) => region.name === name));
  return [
    ...known,
    ...missing.map((name) => ({ name, online: false, lastSeenAt: 0, checksPerMinute: 0, workers: [] })),
  ];
}

function RegionsForm({
  monitorId,
  initial,
  known,
}: {
  monitorId: string;
  initial: MonitorRegions;
  known: readonly Region[];
}) {
  const queryClient = useQueryClient();
  const canWrite = useCan('write');
  const [only, setOnly] = useState(initial.regions !== null);
  const [chosen, setChosen] = useState<string[]>(initial.regions ?? []);
  const [byCount, setByCount] = useState(initial.quorum !== null);
  const [quorum, setQuorum] = useState(String(initial.quorum ?? 1));
  const [alertAlone, setAlertAlone] = useState(initial.alertOnRegionFailure);
  const save = useMutation({
    mutationFn: (input: MonitorRegionsInput) =>
      apiSend<MonitorRegions>('PUT', monitorPath(monitorId, 'regions'), input),
    onSuccess: (saved) => {
      queryClient.setQueryData(monitorKeys.regions(monitorId), saved);
      // Another quorum may change the monitor's status and the regions it is failing from.
      void queryClient.invalidateQueries({ queryKey: monitorKeys.detail(monitorId), exact: true });
      toast.success('Regions saved.');
    },
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({
      regions: only ? chosen : null,
      quorum: byCount ? Number(quorum) : null,
      alertOnRegionFailure: alertAlone,
    });
  };
  const toggle = (name: string, on: boolean) =>
    setChosen((current) => (on ? [...current, name].sort() : current.filter((other) => other !== name)));

  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-5">
      <fieldset disabled={!canWrite} className="flex flex-col gap-3">
        <legend className="mb-2 text-sm font-medium">Check from</legend>
        <Choice
          name="monitor-regions"
          checked={!only}
          onChange={() => setOnly(false)}
          label="All live regions"
          hint="Regions that come online later check it too."
        />
        <Choice
          name="monitor-regions"
          checked={only}
          onChange={() => {
            setOnly(true);
            // Starting from every live region, the usual choice is to untick one or two.
            if (chosen.length === 0) setChosen(known.filter((region) => region.online).map((r) => r.name));
          }}
          label="Only these regions"
          hint="A chosen region that goes offline leaves the quorum until it is back."
        />
        <div className="ml-7 flex flex-col gap-1.5">
          {regionChoices(known, initial.regions).map((region) => (
            <label key={region.name} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                disabled={!only}
                checked={only && chosen.includes(region.name)}
                onChange={(event) => toggle(region.name, event.target.checked)}
                className="size-4 accent-accent"
              />
              <span className={only ? 'font-medium' : 'text-muted'}>{region.name}</span>
              {region.online ? null : <span className="text-xs text-muted">offline</span>}
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset disabled={!canWrite} className="flex flex-col gap-3">
        <legend className="mb-2 text-sm font-medium">Down when</legend>
        <Choice
          name="monitor-quorum"
          checked={!byCount}
          onChange={() => setByCount(false)}
          label="More than half of its live regions fail"
          hint="One region failing alone shows as “Failing from” and opens nothing."
        />
        <label className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <input
            type="radio"
            name="monitor-quorum"
            checked={byCount}
            onChange={() => setByCount(true)}
            className={RADIO}
          />
          <span className="text-sm font-medium">At least</span>
          <Input
            type="number"
            min={1}
            max={32}
            aria-label="Failing regions"
            value={quorum}
            disabled={!byCount}
            onChange={(event) => setQuorum(event.target.value)}
            className="h-8 w-20"
          />
          <span className="text-sm font-medium">regions fail</span>
        </label>
        <label className="flex gap-3">
          <input
            type="checkbox"
            checked={alertAlone}
            onChange={(event) => setAlertAlone(event.target.checked)}
            className={RADIO}
          />
          <span>
            <span className="block text-sm font-medium">Alert when one region fails alone</span>
            <span className="block text-xs text-muted">
              A low-severity alert to the monitor's channels, and one when the region is back. No incident.
            </span>
          </span>
        </label>
      </fieldset>
      <FormError>{save.error?.message}</FormError>
      {canWrite && (
        <div>
          <Button type="submit" variant="secondary" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : 'Save regions'}
          </Button>
        </div>
      )}
    </form>
  );
}

/**
 * Where this monitor is checked from and how many regions must fail for it to be down. Shown once
 * there is a choice to make: several regions, or a choice made while there were.
 */
export function RegionsCard({ monitorId }: { monitorId: string }) {
  // The list only feeds the checkboxes here; Settings → Regions is where it is watched live.
  const { data: list } = useQuery({ ...regionsQueryOptions, refetchInterval: false });
  const { data } = useQuery(monitorRegionsQueryOptions(monitorId));
  if (!list || !data) return null;
  if (list.regions.length < 2 && data.regions === null) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Regions</CardTitle>
        <CardDescription>
          Each region checks on its own and confirms its own failures; the monitor is down only when enough of
          them agree.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <RegionsForm
          key={`${data.regions?.join() ?? '*'}/${data.quorum ?? ''}/${data.alertOnRegionFailure}`}
          monitorId={monitorId}
          initial={data}
          known={list.regions}
        />
      </CardContent>
    </Card>
  );
}
