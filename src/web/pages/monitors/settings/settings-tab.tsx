import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Pause, Play } from 'lucide-react';
import { toast } from 'sonner';
import type { Monitor, MonitorInput, MonitorUpdate } from '../../../../core/api/monitors';
import { ManagedGate } from '../../../components/managed';
import { WriteFieldset } from '../../../components/role-lock';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { apiSend } from '../../../lib/api';
import { storeMonitor } from '../../../lib/monitor-cache';
import { monitorKeys, monitorPath } from '../../../lib/monitors';
import { useRouteMonitor } from '../../../lib/use-monitor';
import { useMonitorAction } from '../../../lib/use-monitor-actions';
import { formStateFromMonitor } from '../form/form-values';
import { MonitorForm } from '../form/monitor-form';
import { AlertChannelsCard } from './alert-channels-card';
import { DeleteMonitorCard } from './delete-monitor-card';
import { EscalationCard } from './escalation-card';
import { IntervalRaisedNotice } from './interval-raised-notice';
import { QuietAlertsCard } from './quiet-alerts-card';
import { RegionsCard } from './regions-card';

/** The edit payload: everything the form holds but the kind (fixed once created), and the interval only when it was changed. */
function updateFrom(values: MonitorInput, monitor: Monitor, intervalSeconds: number): MonitorUpdate {
  const { paused: _paused, kind: _kind, intervalMinutes, intervalSeconds: seconds, ...rest } = values;
  // An unchanged interval is not re-sent, so a monitor saved under another plan's minimum can
  // still be edited.
  if (intervalSeconds === monitor.intervalSeconds) return rest;
  return { ...rest, ...(intervalMinutes !== undefined ? { intervalMinutes } : { intervalSeconds: seconds }) };
}

function PauseCard({ monitor }: { monitor: Monitor }) {
  const pause = useMonitorAction('pause');
  const resume = useMonitorAction('resume');
  return (
    <Card>
      <CardHeader>
        <CardTitle>{monitor.paused ? 'Paused' : 'Pause checks'}</CardTitle>
        <CardDescription>
          {monitor.paused
            ? 'Upwatch is not checking this monitor. Its history is kept.'
            : 'Stop checking for a while, during maintenance for instance. History is kept.'}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {monitor.paused ? (
          <Button disabled={resume.isPending} onClick={() => resume.mutate(monitor.id)}>
            <Play className="size-4" aria-hidden />
            Resume checks
          </Button>
        ) : (
          <Button variant="secondary" disabled={pause.isPending} onClick={() => pause.mutate(monitor.id)}>
            <Pause className="size-4" aria-hidden />
            Pause checks
          </Button>
        )}
      </CardContent>
    </Card>
  );
}

export function SettingsTab() {
  const monitor = useRouteMonitor();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (update: MonitorUpdate) => apiSend<Monitor>('PATCH', monitorPath(monitor.id), update),
    onSuccess: (saved) => {
      storeMonitor(queryClient, saved);
      void queryClient.invalidateQueries({ queryKey: monitorKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: monitorKeys.summary() });
      toast.success('Changes saved.');
    },
  });

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <ManagedGate managedKey={monitor.managedKey} section="monitors" noun="monitor">
        {/* A viewer reads every setting; none of them can be changed or submitted. */}
        <WriteFieldset className="flex flex-col gap-6">
          <IntervalRaisedNotice monitor={monitor} />
          <MonitorForm
            // A fresh form after each save starts from what the server stored.
            key={monitor.updatedAt}
            initial={formStateFromMonitor(monitor)}
            monitorId={monitor.id}
            submitLabel="Save changes"
            pendingLabel="Saving…"
            onSubmit={(values, state) =>
              save.mutateAsync(updateFrom(values, monitor, state.common.intervalSeconds))
            }
          />
          <RegionsCard monitorId={monitor.id} />
          <AlertChannelsCard monitorId={monitor.id} />
          <QuietAlertsCard monitor={monitor} />
          <EscalationCard monitorId={monitor.id} />
          <PauseCard monitor={monitor} />
          <DeleteMonitorCard monitor={monitor} />
        </WriteFieldset>
      </ManagedGate>
    </div>
  );
}
