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

  headerLinks: 'Links',
  viewStatusPage: 'View status page',
  widgetTitle: (page, state) => `${page}: ${state}`,

  passwordIntro: 'This status page is protected. Enter its password to see it.',
  passwordLabel: 'Password',
  wrongPassword: 'That password is not right. Try again.',
  tooManyAttempts: 'Too many attempts from your address. Wait a few minutes, then try again.',
  membersIntro: 'This status page is for members of its workspace only.',
  signIn: 'Sign in to Upwatch',
  notAMember: 'Your account is not a member of the workspace this status page belongs to.',
  twoFactorRequired: 'Its workspace requires two-factor sign-in: turn it on in Upwatch to see this page.',

  feedResolved: (incident) => `Resolved: ${incident}`,
  feedUpdate: (incident, status) => `${incident}: ${status}`,
  feedStarted: (time) => `Started ${time}.`,
  feedStartedResolved: (started, resolved) => `Started ${started}, resolved ${resolved}.`,

  badgeStatus: 'status',
  badgeUptime: (period) => `uptime ${period}`,
  badgeNoData: 'no data',
  badgeStates: { up: 'up', degraded: 'degraded', down: 'down', paused: 'paused', pending: 'pending' },
};
