import { queryOptions } from '@tanstack/react-query';
import type { SubscriberList } from '../../core/api/subscribers';
import { apiGet } from './api';
import { statusPageKeys, statusPagePath } from './status-pages';

/** Under the status pages' key tree, so deleting a page forgets its subscribers too. */
export const subscriberKeys = {
  list: (pageId: string) => [...statusPageKeys.all, pageId, 'subscribers'] as const,
};

export function subscribersPath(pageId: string, subscriberId?: string): string {
  const base = `${statusPagePath(pageId)}/subscribers`;
  return subscriberId ? `${base}/${encodeURIComponent(subscriberId)}` : base;
}

export function subscribersQueryOptions(pageId: string) {
  return queryOptions({
    queryKey: subscriberKeys.list(pageId),
    queryFn: ({ signal }) => apiGet<SubscriberList>(subscribersPath(pageId), signal),
  });
}
