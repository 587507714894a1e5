import type { WebhookProvider } from '../../../core/api/deployments.ts';
import { mapGithub } from './github.ts';
import { mapNetlify } from './netlify.ts';
import type { DeliveryMapper } from './types.ts';
import { mapVercel } from './vercel.ts';

export const deliveryMappers = {
  github: mapGithub,
  vercel: mapVercel,
  netlify: mapNetlify,
} satisfies Record<WebhookProvider, DeliveryMapper>;
