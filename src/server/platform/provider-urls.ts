// The hosted services' API bases, kept as config's own data so config reads no feature module.
// Set by the operator (TELEGRAM_API_URL…, AUTUMN_API_URL), never by users, so tests and
// self-hosted gateways can stand in for the real services.

/** The alert channels' hosted providers. */
export interface ProviderUrls {
  telegram: string;
  pagerduty: string;
  opsgenie: string;
  pushover: string;
  twilio: string;
}

export const DEFAULT_PROVIDER_URLS: ProviderUrls = {
  telegram: 'https://api.telegram.org',
  pagerduty: 'https://events.pagerduty.com',
  opsgenie: 'https://api.opsgenie.com',
  pushover: 'https://api.pushover.net',
  twilio: 'https://api.twilio.com',
};

/** Hosted billing (BILLING_PROVIDER=autumn), version 1 of its API. */
export const AUTUMN_DEFAULT_API_URL = 'https://api.useautumn.com/v1';
