// Webhook: Upwatch's own JSON body, signed with a secret, to the user's endpoint.
import { z } from 'zod';
import { httpUrlSchema } from '../../api/http-url.ts';
import type { LoadedDelivery } from '../delivery.ts';
import type { ChannelDescriptor } from '../descriptor.ts';

export const webhookConfigSchema = z.object({
  url: httpUrlSchema,
  /** Left out: the server generates one and shows it once. */
  secret: z
    .string()
    .min(16, 'A signing secret needs at least 16 characters.')
    .max(200, 'Signing secrets are limited to 200 characters.')
    .optional(),
});

export const webhookDescriptor = {
  kind: 'webhook',
  label: 'Webhook',
  icon: 'webhook',
  configSchema: webhookConfigSchema,
  secretFields: ['secret'],
  // The signing secret's field is the form's own: left empty, the server makes one.
  form: { url: { placeholder: 'https://example.com/upwatch-hook' } },
  load: (): Promise<LoadedDelivery> => import('./delivery.ts'),
} as const satisfies ChannelDescriptor<typeof webhookConfigSchema>;
