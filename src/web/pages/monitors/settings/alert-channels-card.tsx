import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { CHANNEL_LABELS, type ChannelList, type MonitorChannels } from '../../../../core/api/alerts';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { FormError } from '../../../components/ui/input';
import { apiSend } from '../../../lib/api';
import { alertKeys, channelsQuery, monitorChannelsQuery } from '../../settings/notifications/alert-queries';

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
  const toggle = (id: string, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(id);
    else next.delete(id);
    setChosen(next);
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };

  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-3">
      <fieldset className="flex flex-col gap-2">
        <legend className="sr-only">Channels</legend>
        {list.channels.map((channel) => (
          <label key={channel.id} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={chosen.has(channel.id)}
              onChange={(event) => toggle(channel.id, event.target.checked)}
            />
            <span className="font-medium">{channel.name}</span>
            <span className="text-muted">
              {CHANNEL_LABELS[channel.kind]} · {channel.target}
            </span>
          </label>
        ))}
      </fieldset>
      <p className="text-sm text-muted" role="note">
        {chosen.size === 0
          ? `No channel chosen: alerts go to your account email (${list.accountEmail}).`
          : `Alerts go only to the ${chosen.size === 1 ? 'channel' : `${chosen.size} channels`} chosen.`}
      </p>
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
          <p className="text-sm text-muted">
            Alerts go to your account email ({list.accountEmail}).{' '}
            <Link to="/dashboard/settings/notifications" className="text-accent underline">
              Add Slack, Discord, webhook or other email channels
            </Link>
            .
          </p>
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
