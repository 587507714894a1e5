import { useQuery } from '@tanstack/react-query';
import { Spinner } from '../../../components/ui/spinner';
import { AddChannelCard } from './add-channel-card';
import { channelsQuery } from './alert-queries';
import { ChannelListCard } from './channel-list-card';
import { DeliveriesCard } from './deliveries-card';
import { GroupingCard } from './grouping-card';
import { OutboxCard } from './outbox-card';

export function NotificationsTab() {
  const { data, error } = useQuery(channelsQuery);
  if (error) throw error;
  if (!data) return <Spinner />;
  return (
    <div className="flex flex-col gap-6">
      <ChannelListCard channels={data.channels} accountEmail={data.accountEmail} />
      <AddChannelCard key={data.accountEmail} accountEmail={data.accountEmail} />
      <GroupingCard />
      <DeliveriesCard />
      <OutboxCard />
    </div>
  );
}
