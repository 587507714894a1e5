import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { toast } from 'sonner';
import type { MonitorEscalation } from '../../../../core/api/escalation';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Field, FormError, Label, NativeSelect } from '../../../components/ui/input';
import { apiSend } from '../../../lib/api';
import { useCan } from '../../../lib/workspaces';
import { ManagementUpgrade, useCanManageIncidents } from '../../incidents/management';
import {
  escalationKeys,
  monitorEscalationQuery,
  policiesQuery,
} from '../../settings/escalation/escalation-queries';

const DEFAULT = '';

/** Which escalation policy this monitor's outages follow: the workspace's default, or one chosen. */
export function EscalationCard({ monitorId }: { monitorId: string }) {
  const queryClient = useQueryClient();
  const { data: current } = useQuery(monitorEscalationQuery(monitorId));
  const { data: policies } = useQuery(policiesQuery);
  const writer = useCan('write');
  const allowed = useCanManageIncidents();
  const choose = useMutation({
    mutationFn: (policyId: string | null) =>
      apiSend<MonitorEscalation>(
        'PUT',
        `/api/v1/monitors/${encodeURIComponent(monitorId)}/escalation-policy`,
        { policyId },
      ),
    onSuccess: async (saved) => {
      queryClient.setQueryData(escalationKeys.monitor(monitorId), saved);
      toast.success(saved.effective ? `Outages follow “${saved.effective.name}”.` : 'No escalation policy.');
      await queryClient.invalidateQueries({ queryKey: escalationKeys.policies });
    },
  });
  const fallback = policies?.find((policy) => policy.isDefault);

  return (
    <Card>
      <CardHeader>
        <CardTitle>Escalation</CardTitle>
        <CardDescription>
          Step 1 of the policy gets the Down alert together with the channels above; later steps follow when
          nobody acknowledges in time.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {!current || !policies ? (
          <p className="text-sm text-muted">Loading escalation policies…</p>
        ) : policies.length === 0 ? (
          <p className="text-sm text-muted">
            No escalation policies yet: outages alert the channels above only.{' '}
            <Link to="/dashboard/settings/escalation" className="text-accent underline">
              Create one in Settings → Escalation policies
            </Link>
            .
          </p>
        ) : (
          <Field>
            <Label htmlFor="monitor-escalation-policy">Escalation policy</Label>
            <NativeSelect
              id="monitor-escalation-policy"
              value={current.policyId ?? DEFAULT}
              disabled={!writer || choose.isPending || (!allowed && current.policyId === null)}
              onChange={(event) => choose.mutate(event.target.value === DEFAULT ? null : event.target.value)}
            >
              <option value={DEFAULT}>
                {fallback
                  ? `Workspace default (“${fallback.name}”)`
                  : 'Workspace default (none set: no escalation)'}
              </option>
              {policies.map((policy) => (
                <option key={policy.id} value={policy.id}>
                  {policy.name}
                </option>
              ))}
            </NativeSelect>
          </Field>
        )}
        <FormError>{choose.error?.message}</FormError>
        <ManagementUpgrade />
      </CardContent>
    </Card>
  );
}
