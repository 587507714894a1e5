import { queryOptions } from '@tanstack/react-query';
import type { ChannelList, Delivery, MonitorChannels, OutboxMail } from '../../../../core/api/alerts';
import { apiGet } from '../../../lib/api';

export const alertKeys = {
  channels: ['alert-channels'] as const,
  deliveries: ['alert-deliveries'] as const,
  outbox: ['outbox'] as const,
  monitor: (monitorId: string) => ['monitors', monitorId, 'alert-channels'] as const,
};

export const channelsQuery = queryOptions({
  queryKey: alertKeys.channels,
  queryFn: ({ signal }) => apiGet<ChannelList>('/api/v1/alert-channels', signal),
});

export const deliveriesQuery = queryOptions({
  queryKey: alertKeys.deliveries,
  queryFn: async ({ signal }) =>
    (await apiGet<{ deliveries: Delivery[] }>('/api/v1/alert-deliveries?limit=20', signal)).deliveries,
});

export const outboxQuery = queryOptions({
  queryKey: alertKeys.outbox,
  queryFn: async ({ signal }) =>
    (await apiGet<{ mails: OutboxMail[] }>('/api/v1/outbox?limit=20', signal)).mails,
});

export function monitorChannelsQuery(monitorId: string) {
  return queryOptions({
    queryKey: alertKeys.monitor(monitorId),
    queryFn: ({ signal }) =>
      apiGet<MonitorChannels>(`/api/v1/monitors/${encodeURIComponent(monitorId)}/alert-channels`, signal),
  });
}
