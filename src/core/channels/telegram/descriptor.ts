// Telegram: a bot's message to a chat, through the Bot API.
import { z } from 'zod';
import type { LoadedDelivery } from '../delivery.ts';
import type { ChannelDescriptor } from '../descriptor.ts';

export const telegramConfigSchema = z.object({
  /** From @BotFather, e.g. 123456:ABC-DEF… */
  botToken: z
    .string()
    .trim()
    .regex(
      /^\d{3,15}:[A-Za-z0-9_-]{20,100}$/,
      'Paste the bot token @BotFather gave you (digits, a colon, then letters).',
    ),
  /** A chat's numeric id (groups start with -) or a public channel's @name. */
  chatId: z
    .string()
    .trim()
    .regex(
      /^(-?\d{1,20}|@[A-Za-z0-9_]{5,32})$/,
      'Enter a chat id (digits, - for groups) or a channel’s @name.',
    ),
});

export const telegramDescriptor = {
  kind: 'telegram',
  label: 'Telegram',
  icon: 'send',
  configSchema: telegramConfigSchema,
  secretFields: ['botToken'],
  form: {
    text: [
      { key: 'botToken', label: 'Bot token (from @BotFather)', placeholder: '123456789:AA…' },
      { key: 'chatId', label: 'Chat id', placeholder: '-1001234567890 or @yourchannel' },
    ],
  },
  hostedUrl: { env: 'TELEGRAM_API_URL', default: 'https://api.telegram.org' },
  load: (): Promise<LoadedDelivery> => import('./delivery.ts'),
} as const satisfies ChannelDescriptor<typeof telegramConfigSchema>;
