// The hosted services' API bases, kept as config's own data so config reads no feature module.
// Set by the operator (TELEGRAM_API_URL…, AUTUMN_API_URL), never by users, so tests and
// self-hosted gateways can stand in for the real services. Each alert channel's setting (its
// variable and default) is in its descriptor, core/channels.
import type { ProviderUrls } from '../../core/channels/delivery.ts';
import { HOSTED_URLS } from '../../core/channels/registry.ts';

export const DEFAULT_PROVIDER_URLS = Object.fromEntries(
  Object.entries(HOSTED_URLS).map(([kind, setting]) => [kind, setting.default]),
) as ProviderUrls;

/** Hosted billing (BILLING_PROVIDER=autumn), version 1 of its API. */
export const AUTUMN_DEFAULT_API_URL = 'https://api.useautumn.com/v1';
