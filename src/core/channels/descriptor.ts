// What an alert channel is, said once for the server, the web form and config: its config schema,
// which of its fields are secrets, how the form asks for them, its label and icon, and the
// hosted API it sends to, if any, and where its delivery is: the render and the message, in the
// same folder, loaded only where alerts are sent (the web app never fetches it).
import type { z } from 'zod';
import type { LoadedDelivery } from './delivery.ts';

/** The pictures channels are drawn with; the web maps each name to its icon. */
export type ChannelIconName =
  | 'mail'
  | 'users'
  | 'message-square'
  | 'bell-ring'
  | 'send'
  | 'siren'
  | 'phone'
  | 'webhook';

/** A config field typed as text. */
export interface ChannelTextField<Key extends string = string> {
  key: Key;
  label: string;
  placeholder: string;
  optional?: boolean;
}

/** A config field chosen from a list. */
export interface ChannelChoiceField<Key extends string = string> {
  key: Key;
  label: string;
  options: readonly (readonly [string | number, string])[];
  initial: string | number;
}

/** What the form asks for beyond a name, in the provider's own words. */
export interface ChannelForm<Key extends string = string> {
  /** The URL the user pastes (config.url): an example, its label unless "Webhook URL", a starting value. */
  url?: { placeholder: string; label?: string; initial?: string };
  text?: readonly ChannelTextField<Key>[];
  choice?: ChannelChoiceField<Key>;
}

/** A hosted provider's API base, which the operator may point elsewhere (a gateway, a stand-in). */
export interface HostedUrl {
  /** The environment variable config.ts reads it from. */
  env: string;
  default: string;
}

export interface ChannelDescriptor<Schema extends z.ZodObject = z.ZodObject> {
  kind: string;
  label: string;
  icon: ChannelIconName;
  configSchema: Schema;
  /**
   * The config fields that carry a credential (a webhook URL with its token, a key, a token): never
   * shown back, exported as variables, and kept when an edit leaves them blank.
   */
  secretFields: readonly (keyof Schema['shape'] & string)[];
  /** Set when the config has no fields: an input may leave it out. */
  emptyConfig?: true;
  form: ChannelForm<keyof Schema['shape'] & string>;
  hostedUrl?: HostedUrl;
  /** The channel's delivery.ts, imported when first needed (server/alerts/registry.ts). */
  load(): Promise<LoadedDelivery>;
}
