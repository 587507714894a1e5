// ntfy: a push to a topic on ntfy.sh or a self-hosted server.
import { z } from 'zod';
import { httpUrlSchema } from '../../api/http-url.ts';
import type { LoadedDelivery } from '../delivery.ts';
import type { ChannelDescriptor } from '../descriptor.ts';

export const ntfyConfigSchema = z.object({
  /** The ntfy server: https://ntfy.sh or a self-hosted one. */
  url: httpUrlSchema,
  topic: z
    .string()
    .trim()
    .regex(/^[-_A-Za-z0-9]{1,64}$/, 'A topic is 1 to 64 letters, digits, - or _.'),
  /** Down and problem alerts go at this priority (1 min … 5 max); good news at the default, 3. */
  priority: z.number().int().min(1).max(5).default(4),
  /** An access token, for a protected topic. */
  token: z.string().trim().max(200).optional(),
});

export const ntfyDescriptor = {
  kind: 'ntfy',
  label: 'ntfy',
  icon: 'bell-ring',
  configSchema: ntfyConfigSchema,
  secretFields: ['token'],
  form: {
    url: { placeholder: 'https://ntfy.sh', label: 'Server URL', initial: 'https://ntfy.sh' },
    text: [
      { key: 'topic', label: 'Topic', placeholder: 'upwatch-alerts' },
      {
        key: 'token',
        label: 'Access token (optional)',
        placeholder: 'tk_… for a protected topic',
        optional: true,
      },
    ],
    choice: {
      key: 'priority',
      label: 'Priority of down alerts',
      options: [
        [1, '1 (min)'],
        [2, '2 (low)'],
        [3, '3 (default)'],
        [4, '4 (high)'],
        [5, '5 (max, urgent)'],
      ],
      initial: 4,
    },
  },
  load: (): Promise<LoadedDelivery> => import('./delivery.ts'),
} as const satisfies ChannelDescriptor<typeof ntfyConfigSchema>;
