// The one interface every alert channel implements: a pure render of the event, and a send of
// what was rendered with the channel's (decrypted) config.
import type { ChannelConfigs, ChannelKind } from '../../core/api/alerts.ts';
import type { Clock } from '../platform/clock.ts';
import type { Mailer } from '../platform/mail/mailer.ts';
import type { ProviderUrls } from '../platform/provider-urls.ts';
import type { AlertEvent } from './alert-event.ts';
import type { RenderContext } from './alert-summary.ts';

/** Stored configs: a webhook always has its signing secret by the time it is saved. */
export type StoredConfigs = {
  [K in ChannelKind]: K extends 'webhook' ? Required<ChannelConfigs[K]> : ChannelConfigs[K];
};

export interface PostOptions {
  /** Replaces the JSON content type when given (a form for Twilio). */
  headers?: Record<string, string>;
  /** PUT for APIs that take an idempotent send (Matrix). */
  method?: 'POST' | 'PUT';
  signal: AbortSignal;
}

export interface SendDeps {
  userId: string;
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

export interface AlertChannel<K extends ChannelKind, Rendered> {
  kind: K;
  render(event: AlertEvent, context: RenderContext): Rendered;
  send(rendered: Rendered, config: StoredConfigs[K], deps: SendDeps): Promise<void>;
  /** Where it sends, safe to show: an address, or a URL's host without its secret path. */
  target(config: StoredConfigs[K]): string;
  /** The user-supplied URL the SSRF guard vets when the channel is saved, if any. */
  url(config: StoredConfigs[K]): string | null;
  /**
   * False for paging tools: they keep one alert per incident, so each recovery closes its own, and
   * they group on their side. Others get one alert listing the monitors that go down together.
   */
  grouped?: false;
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

export function hostOf(url: string): string {
  return new URL(url).host;
}
