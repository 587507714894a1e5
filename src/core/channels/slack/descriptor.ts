// Slack: a message to an incoming webhook's channel.
import { z } from 'zod';
import { httpUrlSchema } from '../../api/http-url.ts';
import type { LoadedDelivery } from '../delivery.ts';
import type { ChannelDescriptor } from '../descriptor.ts';

export const slackConfigSchema = z.object({ url: httpUrlSchema });

export const slackDescriptor = {
  kind: 'slack',
  label: 'Slack',
  icon: 'message-square',
  configSchema: slackConfigSchema,
  secretFields: ['url'],
  form: { url: { placeholder: 'https://hooks.slack.com/services/…' } },
  load: (): Promise<LoadedDelivery> => import('./delivery.ts'),
} as const satisfies ChannelDescriptor<typeof slackConfigSchema>;
