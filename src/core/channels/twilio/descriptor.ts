// Twilio: a text message, or a phone call reading the alert out, from the account's number.
import { z } from 'zod';
import type { LoadedDelivery } from '../delivery.ts';
import type { ChannelDescriptor } from '../descriptor.ts';

const phoneNumber = z
  .string()
  .trim()
  .regex(/^\+[1-9]\d{6,14}$/, 'Enter the number in international format, like +14155550100.');
export const twilioConfigSchema = z.object({
  accountSid: z
    .string()
    .trim()
    .regex(/^AC[0-9a-f]{32}$/, 'Paste the Account SID (AC followed by 32 characters).'),
  authToken: z
    .string()
    .trim()
    .regex(/^[0-9a-f]{32}$/, 'Paste the 32-character Auth Token.'),
  from: phoneNumber,
  to: phoneNumber,
  /** A text message, or a phone call reading the alert out. */
  mode: z.enum(['sms', 'voice']).default('sms'),
});

export const twilioDescriptor = {
  kind: 'twilio',
  label: 'SMS or call (Twilio)',
  icon: 'phone',
  configSchema: twilioConfigSchema,
  secretFields: ['authToken'],
  form: {
    text: [
      { key: 'accountSid', label: 'Account SID', placeholder: 'AC…' },
      { key: 'authToken', label: 'Auth token', placeholder: '32 characters' },
      { key: 'from', label: 'From (your Twilio number)', placeholder: '+14155550100' },
      { key: 'to', label: 'To', placeholder: '+4915112345678' },
    ],
    choice: {
      key: 'mode',
      label: 'How',
      options: [
        ['sms', 'Text message'],
        ['voice', 'Phone call reading the alert'],
      ],
      initial: 'sms',
    },
  },
  hostedUrl: { env: 'TWILIO_API_URL', default: 'https://api.twilio.com' },
  load: (): Promise<LoadedDelivery> => import('./delivery.ts'),
} as const satisfies ChannelDescriptor<typeof twilioConfigSchema>;
