// What every alert channel's delivery.ts says, in data the server acts on: how an alert event is
// rendered for the channel, and the one message that sends it (a request to a URL, or mail).
// Pure: no sockets, no node: modules, so a channel is one folder in core beside its descriptor,
// and the server sends every channel's message the same way (server/alerts/send.ts), through
// the SSRF guard, with the signing and the timeout written once.
import type { AlertEvent } from '../alerts/alert-event.ts';
import type { RenderContext } from '../alerts/alert-summary.ts';
import type { ChannelConfigs, ChannelKind, HostedChannelKind } from './registry.ts';

/** The hosted providers' API bases, as the operator set them (TELEGRAM_API_URL…). */
export type ProviderUrls = Record<HostedChannelKind, string>;

/** What a message is built from besides the rendered alert and the channel's config. */
export interface SendContext {
  /** Tells a retried delivery from a new one (receivers can de-duplicate on it). */
  deliveryId: string;
  providers: ProviderUrls;
  /** The clock's now, in Unix seconds, for a signature's timestamp. */
  nowSeconds: number;
}

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

/** A request to an HTTP API or webhook; the body is JSON unless the headers say otherwise. */
export interface HttpMessage {
  via: 'http';
  url: string;
  /** PUT for APIs that take an idempotent send (Matrix). */
  method?: 'POST' | 'PUT';
  headers?: Record<string, string>;
  body: string;
  /**
   * Signs the body: the server adds `header: sha256=<hex HMAC-SHA256(secret, timestamp + "." + body)>`,
   * as status-page subscribers' webhooks are signed too.
   */
  signature?: { header: string; secret: string; timestamp: string };
}

/** Mail to one address, or to every member of the workspace as they are when it goes out. */
export interface MailMessage {
  via: 'mail';
  to: { address: string } | 'members';
  mail: RenderedMail;
}

export type ChannelMessage = HttpMessage | MailMessage;

export interface ChannelDelivery<Config, Rendered> {
  render(event: AlertEvent, context: RenderContext): Rendered;
  message(rendered: Rendered, config: Config, context: SendContext): ChannelMessage;
  /** Where it sends, safe to show: an address, or a URL's host without its secret path. */
  target(config: Config): string;
  /** The user-supplied URL the SSRF guard vets when the channel is saved, if any. */
  url(config: Config): string | null;
  /**
   * False for paging tools: they keep one alert per incident, so each recovery closes its own, and
   * they group on their side. Others get one alert listing the monitors that go down together.
   */
  grouped?: false;
}

/** A delivery module as its descriptor loads it, typed for the kind-independent code that calls it. */
export interface LoadedDelivery {
  // biome-ignore lint/suspicious/noExplicitAny: each channel's config and rendered message are its own
  delivery: ChannelDelivery<any, any>;
}

export function hostOf(url: string): string {
  return new URL(url).host;
}

/** Stored configs: a webhook always has its signing secret by the time it is saved. */
export type StoredConfigs = {
  [K in ChannelKind]: K extends 'webhook' ? Required<ChannelConfigs[K]> : ChannelConfigs[K];
};
