// Google Chat: a message to a space's webhook.
import { z } from 'zod';
import { httpUrlSchema } from '../../api/http-url.ts';
import type { LoadedDelivery } from '../delivery.ts';
import type { ChannelDescriptor } from '../descriptor.ts';

export const googlechatConfigSchema = z.object({ url: httpUrlSchema });

export const googlechatDescriptor = {
  kind: 'googlechat',
  label: 'Google Chat',
  icon: 'message-square',
  configSchema: googlechatConfigSchema,
  secretFields: ['url'],
  form: {
    url: {
      placeholder: 'https://chat.googleapis.com/v1/spaces/…/messages?key=…',
      label: 'Webhook URL (Apps & integrations → Webhooks)',
    },
  },
  load: (): Promise<LoadedDelivery> => import('./delivery.ts'),
} as const satisfies ChannelDescriptor<typeof googlechatConfigSchema>;
