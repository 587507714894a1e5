// Every member of the workspace, at their account's address when the alert goes out.
import { z } from 'zod';
import type { LoadedDelivery } from '../delivery.ts';
import type { ChannelDescriptor } from '../descriptor.ts';

/** Every member of the workspace, at their account's address when the alert goes out. */
export const membersConfigSchema = z.object({});

export const membersDescriptor = {
  kind: 'members',
  label: 'All members by email',
  icon: 'users',
  configSchema: membersConfigSchema,
  secretFields: [],
  emptyConfig: true,
  form: {},
  load: (): Promise<LoadedDelivery> => import('./delivery.ts'),
} as const satisfies ChannelDescriptor<typeof membersConfigSchema>;
