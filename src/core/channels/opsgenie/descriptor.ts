// Opsgenie: an alert through an API integration.
import { z } from 'zod';
import type { LoadedDelivery } from '../delivery.ts';
import type { ChannelDescriptor } from '../descriptor.ts';

export const opsgenieConfigSchema = z.object({
  /** An API integration's key. */
  apiKey: z.string().trim().min(1, 'Paste the API integration key.').max(100),
});

export const opsgenieDescriptor = {
  kind: 'opsgenie',
  label: 'Opsgenie',
  icon: 'siren',
  configSchema: opsgenieConfigSchema,
  secretFields: ['apiKey'],
  form: {
    text: [
      { key: 'apiKey', label: 'API integration key', placeholder: 'From Settings → Integrations → API' },
    ],
  },
  hostedUrl: { env: 'OPSGENIE_API_URL', default: 'https://api.opsgenie.com' },
  load: (): Promise<LoadedDelivery> => import('./delivery.ts'),
} as const satisfies ChannelDescriptor<typeof opsgenieConfigSchema>;
