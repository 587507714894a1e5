// Pushover: a push to a user's (or group's) devices through an application's token.
import { z } from 'zod';
import type { LoadedDelivery } from '../delivery.ts';
import type { ChannelDescriptor } from '../descriptor.ts';

export const pushoverConfigSchema = z.object({
  userKey: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{30}$/, 'Paste your 30-character user (or group) key.'),
  appToken: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{30}$/, 'Paste your application’s 30-character API token.'),
  /** Down and problem alerts go at this priority (-2 lowest … 2 emergency, repeated until acknowledged); good news at 0. */
  priority: z.number().int().min(-2).max(2).default(1),
});

export const pushoverDescriptor = {
  kind: 'pushover',
  label: 'Pushover',
  icon: 'bell-ring',
  configSchema: pushoverConfigSchema,
  secretFields: ['userKey', 'appToken'],
  form: {
    text: [
      {
        key: 'userKey',
        label: 'User or group key',
        placeholder: '30 characters, on your Pushover dashboard',
      },
      {
        key: 'appToken',
        label: 'Application API token',
        placeholder: '30 characters, from Create an Application',
      },
    ],
    choice: {
      key: 'priority',
      label: 'Priority of down alerts',
      options: [
        [-2, 'Lowest (no notification)'],
        [-1, 'Low (quiet)'],
        [0, 'Normal'],
        [1, 'High (bypasses quiet hours)'],
        [2, 'Emergency (repeats until acknowledged)'],
      ],
      initial: 1,
    },
  },
  hostedUrl: { env: 'PUSHOVER_API_URL', default: 'https://api.pushover.net' },
  load: (): Promise<LoadedDelivery> => import('./delivery.ts'),
} as const satisfies ChannelDescriptor<typeof pushoverConfigSchema>;
