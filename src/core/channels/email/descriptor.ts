// Email: one address, through Upwatch's own mail server.
import { z } from 'zod';
import type { LoadedDelivery } from '../delivery.ts';
import type { ChannelDescriptor } from '../descriptor.ts';

export const emailConfigSchema = z.object({
  address: z.email('Enter an email address.').max(254),
});

export const emailDescriptor = {
  kind: 'email',
  label: 'Email',
  icon: 'mail',
  configSchema: emailConfigSchema,
  secretFields: [],
  // The address field is the form's own: it starts at the account's address.
  form: {},
  load: (): Promise<LoadedDelivery> => import('./delivery.ts'),
} as const satisfies ChannelDescriptor<typeof emailConfigSchema>;
