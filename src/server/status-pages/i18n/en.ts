import type { StatusPageMessages } from './messages.ts';

const minutes = (count: number, text: string) => `${text} ${count === 1 ? 'minute' : 'minutes'}`;

export const en: StatusPageMessages = {
  documentTitle: (page) => `${page} status`,
  feedTitle: (page) => `${page} incidents`,
  logoAlt: (page) => `${page} logo`,
  states: {
    operational: 'All systems operational',
    under_maintenance: 'Under maintenance',
    degraded: 'Degraded performance',
    partial_outage: 'Partial outage',
    major_outage: 'Major outage',
  },
  sectionStates: {
    operational: 'Operational',
    under_maintenance: 'Under maintenance',
    degraded: 'Degraded performance',
    partial_outage: 'Partial outage',
    major_outage: 'Major outage',
  },
  updatedAt: (time) => `Updated ${time}`,
  activeIncidents: 'Active incidents',
  maintenance: 'Scheduled maintenance',
  monitors: 'Monitors',
  pastIncidents: 'Past incidents',
  noPastIncidents: 'No incidents in the past 14 days.',
  poweredBy: 'Powered by',
  atomFeed: 'Atom feed',
  subscribe: {
    heading: 'Get updates',
    intro:
      'Get an email when an incident opens, is updated or resolved, and when maintenance is scheduled or starts.',
    emailLabel: 'Email address',
    button: 'Subscribe',
    webhookSummary: 'Or use a webhook',
    webhookLabel: 'Webhook URL (receives a signed JSON POST per event)',
    monitorsLink: 'Only some monitors? Choose them here.',
  },
  subscription: {
    optionsTitle: (page) => `Get updates from ${page}`,
    webhookLabel: 'Or a webhook URL (receives a signed JSON POST per event)',
    monitorsLegend: 'Only these monitors',
    monitorsHint: 'Leave all unticked to hear about every monitor on this page.',
    back: 'Back to the status page',
    sentTitle: 'Check your inbox',
    sentEmail: (address) =>
      `We sent a confirmation link to ${address}. Nothing more is sent until you follow it; the link works for seven days.`,
    webhookSentTitle: 'Confirm your webhook',
    webhookSent: (address) =>
      `We sent a signed subscription.confirm event to ${address}. Open its confirmUrl to start receiving events; the link works for seven days.`,
    webhookSecret:
      'Check each event’s X-Upwatch-Signature (HMAC-SHA256 of the timestamp, a dot and the body) with this secret. It is shown only once:',
    confirmedTitle: 'Subscription confirmed',
    confirmed: (page) => `You will get updates about ${page}. Every message carries a link to unsubscribe.`,
    unsubscribeTitle: (page) => `Unsubscribe from ${page}?`,
    unsubscribe: (page) => `You will get no more updates about ${page}.`,
    unsubscribeButton: 'Unsubscribe',
    unsubscribedTitle: 'You are unsubscribed',
    unsubscribed: (page) => `You will get no more updates about ${page}.`,
    invalidLinkTitle: 'Invalid link',
    invalidLink: 'This link is not valid: it was changed or cut short. Nothing was changed.',
    expiredTitle: 'This link has expired',
    expired: 'Confirmation links work for seven days. Subscribe again on the status page.',
    notAcceptedTitle: 'Subscription not accepted',
    notAccepted: {
      missingAddress: 'Enter an email address, or a webhook URL.',
      bothAddresses: 'Enter an email address or a webhook URL, not both.',
      invalidEmail: 'Enter a valid email address, such as you@example.com.',
      invalidWebhook: 'Enter a webhook URL starting with https:// or http://.',
      privateWebhook:
        'This webhook URL points to a private or local network address, where Upwatch does not send.',
      unknownMonitor: 'Choose only monitors shown on this status page.',
    },
    limitTitle: 'This page is full',
    limit: (limit) =>
      `This status page has reached its limit of ${limit} subscribers. Its owner can raise it by upgrading their plan.`,
    rateTitle: 'Too many sign-ups',
    rate: (count, text) =>
      `Too many sign-ups from your address or for this page. Try again in ${minutes(count, text)}.`,
  },
  subscriberMail: {
    confirmSubject: (page) => `Confirm your subscription to ${page}`,
    confirmIntro: (page) =>
      `Someone, hopefully you, asked for updates about ${page} at this address. Confirm to start getting them. If it was not you, ignore this mail: nothing more will be sent.`,
    confirmButton: 'Confirm subscription',
    headings: {
      'incident.opened': (title) => `Incident: ${title}`,
      'incident.updated': (title) => `Update: ${title}`,
      'incident.resolved': (title) => `Resolved: ${title}`,
      'maintenance.scheduled': (title) => `Scheduled maintenance: ${title}`,
      'maintenance.started': (title) => `Maintenance started: ${title}`,
    },
    monitorDown: (monitor) => `${monitor} is down`,
    subject: (page, heading) => `[${page}] ${heading}`,
    status: 'Status',
    started: 'Started',
    resolved: 'Resolved',
    from: 'From',
    until: 'Until',
    affects: 'Affects',
    viewPage: 'View the status page',
    unsubscribe: (page) => `Unsubscribe from ${page}`,
  },

  barsLegend:
    'Each bar is a day (UTC), from 90 days ago to today, with its uptime, then minutes down and incidents when there were any. A date alone means 100% uptime: no downtime and no incidents.',
  dayLabel: (date, details) => `${date}: ${details}`,
  noData: 'no data',
  minutesDown: (count, text) => `${minutes(count, text)} down`,
  incidentCount: (count, text) => `${text} ${count === 1 ? 'incident' : 'incidents'}`,
  maintenanceLeftOut: (count, text) => `${minutes(count, text)} of maintenance left out`,
  dailyUptimeOf: (monitor) => `Daily uptime of ${monitor}, last 90 days`,
  ninetyDaysAgo: '90 days ago',
  today: 'Today',
  uptime: (percent) => `${percent} uptime`,
  uptimeNoData: 'No data',
  responseTimes: (average, highest) =>
    `Response time, last 24 hours: average ${average} ms, highest ${highest} ms`,
  monitorStatus: {
    up: 'Operational',
    degraded: 'Degraded performance',
    down: 'Down',
    paused: 'Paused',
    pending: 'No data yet',
  },
  underMaintenance: 'Under maintenance',

  maintenanceStates: { upcoming: 'Scheduled', in_progress: 'In progress', completed: 'Completed' },
  affects: (monitors) => `Affects ${monitors}`,
  incidentStatus: {
    investigating: 'Investigating',
    identified: 'Identified',
    monitoring: 'Monitoring',
    resolved: 'Resolved',
  },
  started: (time) => `Started ${time}`,
  startedResolved: (started, resolved) => `Started ${started} · resolved ${resolved}`,

  notAvailableTitle: 'Page Not Available',
  notAvailable: 'Page Not Available: This status page is not available or may have been moved.',

  feedResolved: (incident) => `Resolved: ${incident}`,
  feedUpdate: (incident, status) => `${incident}: ${status}`,
  feedStarted: (time) => `Started ${time}.`,
  feedStartedResolved: (started, resolved) => `Started ${started}, resolved ${resolved}.`,

  badgeStatus: 'status',
  badgeUptime: (period) => `uptime ${period}`,
  badgeNoData: 'no data',
  badgeStates: { up: 'up', degraded: 'degraded', down: 'down', paused: 'paused', pending: 'pending' },
};
