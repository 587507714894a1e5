// A status page's subscribers as its owner sees them (Settings → Public Status and the API).
import { z } from 'zod';

export const SUBSCRIBER_KINDS = ['email', 'webhook'] as const;
export type SubscriberKindName = (typeof SUBSCRIBER_KINDS)[number];

export const subscriberSchema = z
  .object({
    id: z.string(),
    kind: z.enum(SUBSCRIBER_KINDS),
    /** The email address, or the webhook's URL. */
    address: z.string(),
    confirmed: z.boolean(),
    /** The page's monitors the subscriber chose; null for every monitor of the page. */
    monitorIds: z.array(z.string()).nullable(),
    createdAt: z.number(),
    confirmedAt: z.number().nullable(),
  })
  .meta({ id: 'StatusPageSubscriber' });
export type Subscriber = z.infer<typeof subscriberSchema>;

export const subscriberListSchema = z
  .object({
    /** Every subscriber, confirmed or awaiting confirmation. */
    count: z.number(),
    confirmed: z.number(),
    /** The page's plan limit; null when unlimited. */
    limit: z.number().nullable(),
    /** Oldest first. */
    subscribers: z.array(subscriberSchema),
  })
  .meta({ id: 'StatusPageSubscriberList' });
export type SubscriberList = z.infer<typeof subscriberListSchema>;

export const SUBSCRIBER_CSV_HEADER = 'kind,address,confirmed,monitor_ids,created_at,confirmed_at';
