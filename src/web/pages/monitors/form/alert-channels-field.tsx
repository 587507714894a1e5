// The new-monitor form's choice of alert channels: saved with PUT /monitors/{id}/alert-channels
// once the monitor exists. None chosen means the account email, as in the monitor's settings.
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { CHANNEL_LABELS } from '../../../../core/api/alerts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { channelsQuery } from '../../settings/notifications/alert-queries';

export function AlertChannelsField({
  chosen,
  onChange,
}: {
  chosen: ReadonlySet<string>;
  onChange: (chosen: Set<string>) => void;
}) {
  const { data: list } = useQuery(channelsQuery);
  const toggle = (id: string, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(id);
    else next.delete(id);
    onChange(next);
  };
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
          <p className="text-sm text-muted">
            Alerts go to your account email ({list.accountEmail}).{' '}
            <Link to="/dashboard/settings/notifications" className="text-accent underline">
              Add Slack, Discord, webhook or other email channels
            </Link>
            .
          </p>
        ) : (
          <>
            <fieldset className="flex flex-col gap-2">
              <legend className="sr-only">Alert channels</legend>
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
          </>
        )}
      </CardContent>
    </Card>
  );
}
