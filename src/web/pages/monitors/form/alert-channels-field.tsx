// The new-monitor form's choice of alert channels: saved with PUT /monitors/{id}/alert-channels
// once the monitor exists. None chosen means the account email, as in the monitor's settings.
import { useQuery } from '@tanstack/react-query';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { channelsQuery } from '../../settings/notifications/alert-queries';
import { ChannelCheckboxes, NoChannelsYet } from '../channel-checkboxes';

export function AlertChannelsField({
  chosen,
  onChange,
}: {
  chosen: ReadonlySet<string>;
  onChange: (chosen: Set<string>) => void;
}) {
  const { data: list } = useQuery(channelsQuery);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Alerts</CardTitle>
        <CardDescription>Where this monitor's Down and Recovered alerts go.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {!list ? (
          <p className="text-sm text-muted">Loading alert channels…</p>
        ) : list.channels.length === 0 ? (
          <NoChannelsYet accountEmail={list.accountEmail} />
        ) : (
          <ChannelCheckboxes list={list} chosen={chosen} onChange={onChange} />
        )}
      </CardContent>
    </Card>
  );
}
