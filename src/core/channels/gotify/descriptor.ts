// Gotify: a push through a self-hosted Gotify server's application.
import { z } from 'zod';
import { httpUrlSchema } from '../../api/http-url.ts';
import type { LoadedDelivery } from '../delivery.ts';
import type { ChannelDescriptor } from '../descriptor.ts';

export const gotifyConfigSchema = z.object({
  /** The Gotify server. */
  url: httpUrlSchema,
  /** An application's token (Apps → Create application). */
  token: z.string().trim().min(1, 'Paste the application token.').max(200),
});

export const gotifyDescriptor = {
  kind: 'gotify',
  label: 'Gotify',
  icon: 'bell-ring',
  configSchema: gotifyConfigSchema,
  secretFields: ['token'],
  form: {
    url: { placeholder: 'https://gotify.example.com', label: 'Server URL' },
    text: [{ key: 'token', label: 'Application token', placeholder: 'From Apps → Create application' }],
  },
  load: (): Promise<LoadedDelivery> => import('./delivery.ts'),
} as const satisfies ChannelDescriptor<typeof gotifyConfigSchema>;
