// Mattermost: a message to an incoming webhook's channel.
import { z } from 'zod';
import { httpUrlSchema } from '../../api/http-url.ts';
import type { LoadedDelivery } from '../delivery.ts';
import type { ChannelDescriptor } from '../descriptor.ts';

export const mattermostConfigSchema = z.object({ url: httpUrlSchema });

export const mattermostDescriptor = {
  kind: 'mattermost',
  label: 'Mattermost',
  icon: 'message-square',
  configSchema: mattermostConfigSchema,
  secretFields: ['url'],
  form: { url: { placeholder: 'https://mattermost.example.com/hooks/…' } },
  load: (): Promise<LoadedDelivery> => import('./delivery.ts'),
} as const satisfies ChannelDescriptor<typeof mattermostConfigSchema>;
