// Discord: a message to a channel's webhook.
import { z } from 'zod';
import { httpUrlSchema } from '../../api/http-url.ts';
import type { LoadedDelivery } from '../delivery.ts';
import type { ChannelDescriptor } from '../descriptor.ts';

export const discordConfigSchema = z.object({ url: httpUrlSchema });

export const discordDescriptor = {
  kind: 'discord',
  label: 'Discord',
  icon: 'message-square',
  configSchema: discordConfigSchema,
  secretFields: ['url'],
  form: { url: { placeholder: 'https://discord.com/api/webhooks/…' } },
  load: (): Promise<LoadedDelivery> => import('./delivery.ts'),
} as const satisfies ChannelDescriptor<typeof discordConfigSchema>;
