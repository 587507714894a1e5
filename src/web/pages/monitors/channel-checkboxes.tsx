// A monitor's choice of alert channels, as the new-monitor form and the monitor's settings both
// offer it: a checkbox per channel and what the choice means. None chosen is the account email.
import { Link } from '@tanstack/react-router';
import { CHANNEL_LABELS, type ChannelList } from '../../../core/api/alerts';

export function ChannelCheckboxes({
  list,
  chosen,
  onChange,
}: {
  list: ChannelList;
  chosen: ReadonlySet<string>;
  onChange: (chosen: Set<string>) => void;
}) {
  const toggle = (id: string, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(id);
    else next.delete(id);
    onChange(next);
  };
  return (
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
  );
}

/** With no channel yet: alerts go to the account email, and where to add others. */
export function NoChannelsYet({ accountEmail }: { accountEmail: string }) {
  return (
    <p className="text-sm text-muted">
      Alerts go to your account email ({accountEmail}).{' '}
      <Link to="/dashboard/settings/notifications" className="text-accent underline">
        Add Slack, Discord, webhook or other email channels
      </Link>
      .
    </p>
  );
}
