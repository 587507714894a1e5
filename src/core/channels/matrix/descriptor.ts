// Matrix: a bot account's message to a room on its homeserver.
import { z } from 'zod';
import { httpUrlSchema } from '../../api/http-url.ts';
import type { LoadedDelivery } from '../delivery.ts';
import type { ChannelDescriptor } from '../descriptor.ts';

export const matrixConfigSchema = z.object({
  /** The homeserver the bot's account is on. */
  url: httpUrlSchema,
  roomId: z
    .string()
    .trim()
    .regex(
      /^![^:\s]+:[^\s]+$/,
      'Enter the room’s internal id, like !AbCdEf:matrix.org (Room settings → Advanced).',
    ),
  accessToken: z.string().trim().min(1, 'Paste the bot account’s access token.').max(500),
});

export const matrixDescriptor = {
  kind: 'matrix',
  label: 'Matrix',
  icon: 'message-square',
  configSchema: matrixConfigSchema,
  secretFields: ['accessToken'],
  form: {
    url: { placeholder: 'https://matrix.org', label: 'Homeserver URL' },
    text: [
      { key: 'roomId', label: 'Room id', placeholder: '!AbCdEf:matrix.org (Room settings → Advanced)' },
      { key: 'accessToken', label: 'Access token of the bot account', placeholder: 'syt_…' },
    ],
  },
  load: (): Promise<LoadedDelivery> => import('./delivery.ts'),
} as const satisfies ChannelDescriptor<typeof matrixConfigSchema>;
