import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { toast } from 'sonner';
import type { MonitorChannels } from '../../../core/api/alerts';
import type { Monitor, MonitorInput } from '../../../core/api/monitors';
import { billingKeys } from '../../billing/queries';
import { WriteFieldset } from '../../components/role-lock';
import { PageHeader } from '../../components/ui/page-header';
import { UpgradeCard } from '../../components/upgrade-card';
import { apiSend } from '../../lib/api';
import { useCanCreateMonitor } from '../../lib/monitor-allowance';
import { monitorKeys } from '../../lib/monitors';
import { usePlan } from '../../lib/use-plan';
import { alertKeys } from '../settings/notifications/alert-queries';
import { AlertChannelsField } from './form/alert-channels-field';
import { emptyFormState } from './form/form-values';
import { MonitorForm } from './form/monitor-form';
import { kindUi } from './kinds/registry';

export function NewMonitorPage() {
  const { plan } = usePlan();
  const canCreate = useCanCreateMonitor();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [channelIds, setChannelIds] = useState<Set<string>>(new Set());
  /** The chosen channels, once the monitor exists; a refusal leaves the monitor made, and says so. */
  const saveChannels = async (monitor: Monitor) => {
    if (channelIds.size === 0) return;
    try {
      const saved = await apiSend<MonitorChannels>(
        'PUT',
        `/api/v1/monitors/${encodeURIComponent(monitor.id)}/alert-channels`,
        { channelIds: [...channelIds] },
      );
      queryClient.setQueryData(alertKeys.monitor(monitor.id), saved);
    } catch (error) {
      toast.error(
        `${monitor.name} was created, but its alert channels were not saved: ${(error as Error).message} Choose them again in its settings.`,
      );
    }
  };
  const create = useMutation({
    mutationFn: (values: MonitorInput) => apiSend<Monitor>('POST', '/api/v1/monitors', values),
    onSuccess: async (monitor) => {
      await saveChannels(monitor);
      queryClient.setQueryData(monitorKeys.detail(monitor.id), monitor);
      await queryClient.invalidateQueries({ queryKey: monitorKeys.all, refetchType: 'none' });
      // One fewer monitor left: the allowance reads the billing customer's balance.
      void queryClient.invalidateQueries({ queryKey: billingKeys.customer() });
      // A heartbeat is not checked: it waits for its job's first ping.
      toast.success(
        kindUi(monitor.kind).passive
          ? `${monitor.name} is waiting for its first ping.`
          : `${monitor.name} is being checked.`,
      );
      await navigate({ to: '/dashboard/monitors/$id', params: { id: monitor.id } });
    },
  });

  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title="New monitor" description="Tell Upwatch what to check and how often." />
      {canCreate ? (
        <WriteFieldset>
          <MonitorForm
            initial={emptyFormState(plan)}
            submitLabel="Create monitor"
            pendingLabel="Creating…"
            onSubmit={(values) => create.mutateAsync(values)}
            extra={<AlertChannelsField chosen={channelIds} onChange={setChannelIds} />}
          />
        </WriteFieldset>
      ) : (
        <div className="flex flex-col gap-4">
          <UpgradeCard trigger="limit" compact />
          <p className="text-sm text-muted">
            Delete a monitor you no longer need, or upgrade for more.{' '}
            <Link to="/dashboard/monitors" className="text-accent hover:underline">
              Back to monitors
            </Link>
          </p>
        </div>
      )}
    </div>
  );
}
