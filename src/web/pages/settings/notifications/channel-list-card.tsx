import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Send, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { toast } from 'sonner';
import {
  CHANNEL_LABELS,
  type Channel,
  type ChannelDetail,
  type TestResult,
} from '../../../../core/api/alerts';
import { WriteButton } from '../../../components/role-lock';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { apiSend } from '../../../lib/api';
import { alertKeys } from './alert-queries';
import { CHANNEL_ICONS } from './channel-icons';
import { EditChannelDialog } from './edit-channel-dialog';

/** The account email, shown first: it is what monitors use until channels are chosen. */
const ACCOUNT_EMAIL_ID = 'account-email';

function ChannelRow({
  channel,
  builtIn,
  children,
}: {
  channel: Pick<Channel, 'id' | 'kind' | 'name' | 'target'>;
  builtIn?: boolean;
  /** The row's own actions (Edit), between Send test alert and Delete. */
  children?: ReactNode;
}) {
  const queryClient = useQueryClient();
  const Icon = CHANNEL_ICONS[channel.kind];
  const test = useMutation({
    mutationFn: () =>
      apiSend<TestResult>('POST', `/api/v1/alert-channels/${encodeURIComponent(channel.id)}/test`),
    onSuccess: async (result) => {
      if (result.ok) toast.success(`Test alert sent to ${channel.name}.`);
      else toast.error(`Test alert to ${channel.name} failed: ${result.error}`);
      await queryClient.invalidateQueries({ queryKey: alertKeys.outbox });
    },
    onError: (error) => toast.error(error.message),
  });
  const remove = useMutation({
    mutationFn: () => apiSend('DELETE', `/api/v1/alert-channels/${encodeURIComponent(channel.id)}`),
    onSuccess: async () => {
      toast.success(`${channel.name} deleted.`);
      await queryClient.invalidateQueries({ queryKey: alertKeys.channels });
    },
    onError: (error) => toast.error(error.message),
  });
  return (
    <li className="flex flex-wrap items-center gap-3 py-3">
      <Icon className="size-4 text-muted" aria-hidden />
      <div className="min-w-0 flex-1">
        <p className="font-medium">{channel.name}</p>
        <p className="truncate text-sm text-muted">
          {CHANNEL_LABELS[channel.kind]} · {channel.target}
          {builtIn ? ' · used by monitors with no channel chosen' : ''}
        </p>
      </div>
      <WriteButton
        size="sm"
        variant="secondary"
        disabled={test.isPending}
        onClick={() => test.mutate()}
        aria-label={`Send test alert to ${channel.name}`}
      >
        <Send className="size-4" aria-hidden />
        {test.isPending ? 'Sending…' : 'Send test alert'}
      </WriteButton>
      {children}
      {builtIn ? null : (
        <WriteButton
          size="sm"
          variant="ghost"
          disabled={remove.isPending}
          onClick={() => remove.mutate()}
          aria-label={`Delete ${channel.name}`}
        >
          <Trash2 className="size-4" aria-hidden />
        </WriteButton>
      )}
    </li>
  );
}

export function ChannelListCard({
  channels,
  accountEmail,
}: {
  channels: ChannelDetail[];
  accountEmail: string;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Alert channels</CardTitle>
        <CardDescription>
          Where Down and Recovered alerts go. Choose channels per monitor in its settings tab.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="divide-y divide-border">
          <ChannelRow
            builtIn
            channel={{ id: ACCOUNT_EMAIL_ID, kind: 'email', name: 'Account email', target: accountEmail }}
          />
          {channels.map((channel) => (
            <ChannelRow key={channel.id} channel={channel}>
              <EditChannelDialog channel={channel} />
            </ChannelRow>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
