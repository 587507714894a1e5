// Rocket.Chat: a message to an incoming webhook's channel.
import { z } from 'zod';
import { httpUrlSchema } from '../../api/http-url.ts';
import type { LoadedDelivery } from '../delivery.ts';
import type { ChannelDescriptor } from '../descriptor.ts';

export const rocketchatConfigSchema = z.object({ url: httpUrlSchema });

export const rocketchatDescriptor = {
  kind: 'rocketchat',
  label: 'Rocket.Chat',
  icon: 'message-square',
  configSchema: rocketchatConfigSchema,
  secretFields: ['url'],
  form: { url: { placeholder: 'https://chat.example.com/hooks/…' } },
  load: (): Promise<LoadedDelivery> => import('./delivery.ts'),
} as const satisfies ChannelDescriptor<typeof rocketchatConfigSchema>;
