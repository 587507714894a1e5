import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import type { ChannelList, MonitorChannels } from '../../../../core/api/alerts';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { FormError } from '../../../components/ui/input';
import { apiSend } from '../../../lib/api';
import { alertKeys, channelsQuery, monitorChannelsQuery } from '../../settings/notifications/alert-queries';
import { ChannelCheckboxes, NoChannelsYet } from '../channel-checkboxes';

function ChannelChoice({
  monitorId,
  initial,
  list,
}: {
  monitorId: string;
  initial: MonitorChannels;
  list: ChannelList;
}) {
  const queryClient = useQueryClient();
  const [chosen, setChosen] = useState<Set<string>>(new Set(initial.channelIds));
  const save = useMutation({
    mutationFn: () =>
      apiSend<MonitorChannels>('PUT', `/api/v1/monitors/${encodeURIComponent(monitorId)}/alert-channels`, {
        channelIds: [...chosen],
      }),
    onSuccess: (saved) => {
      queryClient.setQueryData(alertKeys.monitor(monitorId), saved);
      toast.success('Alert channels saved.');
    },
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };

  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-3">
      <ChannelCheckboxes list={list} chosen={chosen} onChange={setChosen} />
      <FormError>{save.error?.message}</FormError>
      <div>
        <Button type="submit" variant="secondary" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save alert channels'}
        </Button>
      </div>
    </form>
  );
}

/** Which channels this monitor's Down and Recovered alerts go to; none chosen means the account email. */
export function AlertChannelsCard({ monitorId }: { monitorId: string }) {
  const { data: current } = useQuery(monitorChannelsQuery(monitorId));
  const { data: list } = useQuery(channelsQuery);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Alerts</CardTitle>
        <CardDescription>Where this monitor's Down and Recovered alerts go.</CardDescription>
      </CardHeader>
      <CardContent>
        {!current || !list ? (
          // Not a live region: the settings tab's own notices are its status messages.
          <p className="text-sm text-muted">Loading alert channels…</p>
        ) : list.channels.length === 0 ? (
          <NoChannelsYet accountEmail={list.accountEmail} />
        ) : (
          <ChannelChoice
            key={current.channelIds.join()}
            monitorId={monitorId}
            initial={current}
            list={list}
          />
        )}
      </CardContent>
    </Card>
  );
}
