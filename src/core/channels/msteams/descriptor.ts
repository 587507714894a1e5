// Microsoft Teams: a message to a Teams workflow.
import { z } from 'zod';
import { httpUrlSchema } from '../../api/http-url.ts';
import type { LoadedDelivery } from '../delivery.ts';
import type { ChannelDescriptor } from '../descriptor.ts';

/** A Teams workflow's "When a Teams webhook request is received" URL. */
export const msteamsConfigSchema = z.object({ url: httpUrlSchema });

export const msteamsDescriptor = {
  kind: 'msteams',
  label: 'Microsoft Teams',
  icon: 'message-square',
  configSchema: msteamsConfigSchema,
  secretFields: ['url'],
  form: {
    url: {
      placeholder: 'https://….logic.azure.com/workflows/…',
      label: 'Workflow URL (“When a Teams webhook request is received”)',
    },
  },
  load: (): Promise<LoadedDelivery> => import('./delivery.ts'),
} as const satisfies ChannelDescriptor<typeof msteamsConfigSchema>;
