// PagerDuty: an event on a service, through the Events API v2.
import { z } from 'zod';
import type { LoadedDelivery } from '../delivery.ts';
import type { ChannelDescriptor } from '../descriptor.ts';

export const pagerdutyConfigSchema = z.object({
  /** An Events API v2 integration's key on a PagerDuty service. */
  routingKey: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{32}$/, 'Paste the 32-character integration key (Events API v2).'),
});

export const pagerdutyDescriptor = {
  kind: 'pagerduty',
  label: 'PagerDuty',
  icon: 'siren',
  configSchema: pagerdutyConfigSchema,
  secretFields: ['routingKey'],
  form: {
    text: [{ key: 'routingKey', label: 'Integration key (Events API v2)', placeholder: '32 characters' }],
  },
  hostedUrl: { env: 'PAGERDUTY_EVENTS_URL', default: 'https://events.pagerduty.com' },
  load: (): Promise<LoadedDelivery> => import('./delivery.ts'),
} as const satisfies ChannelDescriptor<typeof pagerdutyConfigSchema>;
