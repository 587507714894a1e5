import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { WorkspaceAlertSettings } from '../../../../core/api/alert-settings';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Field, FormError, Label, NativeSelect } from '../../../components/ui/input';
import { apiGet, apiSend } from '../../../lib/api';
import { useCan } from '../../../lib/workspaces';

const PATH = '/api/v1/workspace/alert-settings';
const KEY = ['workspace', 'alert-settings'] as const;
const CHOICES: [number, string][] = [
  [0, 'Off: every alert on its own'],
  [30, '30 seconds'],
  [60, '1 minute'],
  [120, '2 minutes'],
  [300, '5 minutes'],
  [600, '10 minutes'],
];

/** How long Down and Recovered alerts of monitors failing together wait to travel as one. */
export function GroupingCard() {
  const queryClient = useQueryClient();
  const canWrite = useCan('write');
  const { data } = useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) => apiGet<WorkspaceAlertSettings>(PATH, signal),
  });
  const save = useMutation({
    mutationFn: (groupingSeconds: number) =>
      apiSend<WorkspaceAlertSettings>('PUT', PATH, { groupingSeconds }),
    onSuccess: (saved) => {
      queryClient.setQueryData(KEY, saved);
      toast.success('Alert grouping saved.');
    },
  });
  const current = data?.groupingSeconds;
  const known = CHOICES.some(([seconds]) => seconds === current);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Grouped alerts</CardTitle>
        <CardDescription>
          When several monitors go down together, each channel gets one alert listing them all instead of one
          per monitor; recoveries likewise. An outage alone is never held back. PagerDuty and Opsgenie keep
          one alert per incident.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {current === undefined ? (
          <p className="text-sm text-muted">Loading…</p>
        ) : (
          <Field>
            <Label htmlFor="grouping-window">Group alerts within</Label>
            <NativeSelect
              id="grouping-window"
              value={current}
              disabled={!canWrite || save.isPending}
              onChange={(event) => save.mutate(Number(event.target.value))}
            >
              {!known && <option value={current}>{current} seconds</option>}
              {CHOICES.map(([seconds, label]) => (
                <option key={seconds} value={seconds}>
                  {label}
                </option>
              ))}
            </NativeSelect>
            <FormError>{save.error?.message}</FormError>
          </Field>
        )}
      </CardContent>
    </Card>
  );
}
