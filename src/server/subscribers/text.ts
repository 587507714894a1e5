// The words of the subscription's own pages and mails, in English (the form on a status page
// itself speaks the page's language: status-pages/i18n, `subscribe`). `{name}` marks what is
// filled in.

export const SUBSCRIBE_TEXT = {
  optionsTitle: 'Get updates from {page}',
  webhookLabelAlone: 'Or a webhook URL (receives a signed JSON POST per event)',
  monitorsLegend: 'Only these monitors',
  monitorsHint: 'Leave all unticked to hear about every monitor on this page.',
  back: 'Back to the status page',

  sentTitle: 'Check your inbox',
  sentEmail:
    'We sent a confirmation link to {address}. Nothing more is sent until you follow it; the link works for seven days.',
  webhookSentTitle: 'Confirm your webhook',
  webhookSent:
    'We sent a signed subscription.confirm event to {address}. Open its confirmUrl to start receiving events; the link works for seven days.',
  webhookSecret:
    'Check each event’s X-Upwatch-Signature (HMAC-SHA256 of the timestamp, a dot and the body) with this secret. It is shown only once:',
  confirmedTitle: 'Subscription confirmed',
  confirmed: 'You will get updates about {page}. Every message carries a link to unsubscribe.',
  unsubscribeTitle: 'Unsubscribe from {page}?',
  unsubscribe: 'You will get no more updates about {page}.',
  unsubscribeButton: 'Unsubscribe',
  unsubscribedTitle: 'You are unsubscribed',
  unsubscribed: 'You will get no more updates about {page}.',

  invalidLinkTitle: 'Invalid link',
  invalidLink: 'This link is not valid: it was changed or cut short. Nothing was changed.',
  expiredTitle: 'This link has expired',
  expired: 'Confirmation links work for seven days. Subscribe again on the status page.',
  notAcceptedTitle: 'Subscription not accepted',
  missingAddress: 'Enter an email address, or a webhook URL.',
  bothAddresses: 'Enter an email address or a webhook URL, not both.',
  invalidEmail: 'Enter a valid email address, such as you@example.com.',
  invalidWebhook: 'Enter a webhook URL starting with https:// or http://.',
  privateWebhook:
    'This webhook URL points to a private or local network address, where Upwatch does not send.',
  unknownMonitor: 'Choose only monitors shown on this status page.',
  limitTitle: 'This page is full',
  limit:
    'This status page has reached its limit of {limit} subscribers. Its owner can raise it by upgrading their plan.',
  rateTitle: 'Too many sign-ups',
  rate: 'Too many sign-ups from your address or for this page. Try again in {minutes} minutes.',
} as const;

export const SUBSCRIBER_MAIL_TEXT = {
  confirmSubject: 'Confirm your subscription to {page}',
  confirmIntro:
    'Someone, hopefully you, asked for updates about {page} at this address. Confirm to start getting them. If it was not you, ignore this mail: nothing more will be sent.',
  confirmButton: 'Confirm subscription',
  'incident.opened': 'Incident: {title}',
  'incident.updated': 'Update: {title}',
  'incident.resolved': 'Resolved: {title}',
  'maintenance.scheduled': 'Scheduled maintenance: {title}',
  'maintenance.started': 'Maintenance started: {title}',
  subject: '[{page}] {heading}',
  status: 'Status',
  started: 'Started',
  resolved: 'Resolved',
  from: 'From',
  until: 'Until',
  affects: 'Affects',
  viewPage: 'View the status page',
  unsubscribe: 'Unsubscribe from {page}',
} as const;

/** The template with each `{key}` replaced by its value. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) =>
    key in values ? String(values[key]) : whole,
  );
}
