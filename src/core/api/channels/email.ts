// Email: one address, through Upwatch's own mail server.
import { z } from 'zod';
import type { ChannelDescriptor } from './descriptor.ts';

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
} as const satisfies ChannelDescriptor<typeof emailConfigSchema>;
