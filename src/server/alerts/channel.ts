// What sending an alert needs from the server, for every channel alike: each channel's delivery
// (core/channels/<kind>/delivery.ts) says what to send as data, and send.ts sends it with these.

import type { ProviderUrls } from '../../core/channels/delivery.ts';
import type { Clock } from '../platform/clock.ts';
import type { Mailer } from '../platform/mail/mailer.ts';

export type { StoredConfigs } from '../../core/channels/delivery.ts';

export interface PostOptions {
  /** Replaces the JSON content type when given (a form for Twilio). */
  headers?: Record<string, string>;
  /** PUT for APIs that take an idempotent send (Matrix). */
  method?: 'POST' | 'PUT';
  signal: AbortSignal;
}

export interface SendDeps {
  workspaceId: string;
  /** Tells a retried delivery from a new one (webhook receivers can de-duplicate on it). */
  deliveryId: string;
  clock: Clock;
  mailer: Mailer;
  /** The addresses of everyone in the workspace the alert belongs to, as they are now. */
  memberEmails(): Promise<string[]>;
  /** Sends a body (JSON unless the headers say otherwise) through the SSRF guard; throws DeliveryError on a non-2xx answer. */
  postJson(url: string, body: string, options: PostOptions): Promise<void>;
  providers: ProviderUrls;
  signal: AbortSignal;
}

/** A send that failed; `permanent` ones are not retried (the channel is gone, the plan lacks it). */
export class DeliveryError extends Error {
  override name = 'DeliveryError';

  constructor(
    message: string,
    readonly permanent = false,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}
