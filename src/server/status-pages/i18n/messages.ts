// The one table of every word a visitor reads on a public status page, its feed, its badges, its
// widget, its compact view and its password form, and in the subscription's own pages and mails:
// this shape, one file per language. A language missing a key (or carrying one too many) fails
// type-checking; i18n.test.ts checks the same at run time. Messages are plain text: the renderers
// escape them. A function receives values already formatted for its locale (numbers, dates,
// names), and a count beside its formatted text where the words depend on it.
import type { MaintenanceState } from '../../../core/api/maintenance.ts';
import type { MonitorStatus } from '../../../core/api/monitors.ts';
import type { StatusPageState } from '../../../core/api/status-pages.ts';
import type { IncidentStatus } from '../../platform/db/incident-schema.ts';
import type { NoticeKind } from '../../platform/db/subscriber-schema.ts';
import type { SignupProblem } from '../subscribers/signup.ts';

export interface StatusPageMessages {
  /** `<title>`: "Acme status". */
  documentTitle: (page: string) => string;
  /** The Atom feed's title and its `<link>`'s: "Acme incidents". */
  feedTitle: (page: string) => string;
  logoAlt: (page: string) => string;
  /** The page's banner: the overall state of all its monitors. */
  states: Record<StatusPageState, string>;
  /** A section's header: the state of its monitors alone. */
  sectionStates: Record<StatusPageState, string>;
  updatedAt: (time: string) => string;
  activeIncidents: string;
  maintenance: string;
  monitors: string;
  pastIncidents: string;
  noPastIncidents: string;
  /** Followed by the Upwatch link. */
  poweredBy: string;
  /** The first link of the page, for keyboard users: to the page's main content. */
  skipToContent: string;
  atomFeed: string;
  /** The subscribe form at the foot of a group page. */
  subscribe: {
    heading: string;
    intro: string;
    emailLabel: string;
    button: string;
    webhookSummary: string;
    webhookLabel: string;
    monitorsLink: string;
  };
  /** The subscription's own pages: the full form, the answers to a sign-up, the links' pages. */
  subscription: {
    optionsTitle: (page: string) => string;
    /** The full form's webhook field, below its email field. */
    webhookLabel: string;
    monitorsLegend: string;
    monitorsHint: string;
    back: string;
    sentTitle: string;
    sentEmail: (address: string) => string;
    webhookSentTitle: string;
    webhookSent: (address: string) => string;
    /** Followed by the webhook's secret. */
    webhookSecret: string;
    confirmedTitle: string;
    confirmed: (page: string) => string;
    unsubscribeTitle: (page: string) => string;
    unsubscribe: (page: string) => string;
    unsubscribeButton: string;
    unsubscribedTitle: string;
    unsubscribed: (page: string) => string;
    invalidLinkTitle: string;
    invalidLink: string;
    expiredTitle: string;
    expired: string;
    notAcceptedTitle: string;
    /** What is wrong with the form, under notAcceptedTitle. */
    notAccepted: Record<SignupProblem, string>;
    limitTitle: string;
    limit: (limit: string) => string;
    rateTitle: string;
    rate: (count: number, minutes: string) => string;
  };
  /** The mails an email subscriber receives. */
  subscriberMail: {
    confirmSubject: (page: string) => string;
    confirmIntro: (page: string) => string;
    confirmButton: string;
    /** A notice's heading around the incident's or the maintenance's title. */
    headings: Record<NoticeKind, (title: string) => string>;
    /** An automatic incident's title, after the page's name for its monitor. */
    monitorDown: (monitor: string) => string;
    subject: (page: string, heading: string) => string;
    status: string;
    started: string;
    resolved: string;
    from: string;
    until: string;
    affects: string;
    viewPage: string;
    unsubscribe: (page: string) => string;
  };

  /** Said once per page; every strip of daily bars points to it. */
  barsLegend: string;
  /** A bar's text: its date, then what the day was ("Nov 3: 99.5%, 7 minutes down"). */
  dayLabel: (date: string, details: string) => string;
  noData: string;
  minutesDown: (count: number, minutes: string) => string;
  incidentCount: (count: number, incidents: string) => string;
  maintenanceLeftOut: (count: number, minutes: string) => string;
  dailyUptimeOf: (monitor: string) => string;
  ninetyDaysAgo: string;
  today: string;
  uptime: (percent: string) => string;
  uptimeNoData: string;
  responseTimes: (averageMs: string, highestMs: string) => string;
  monitorStatus: Record<MonitorStatus, string>;
  underMaintenance: string;

  maintenanceStates: Record<MaintenanceState, string>;
  affects: (monitors: string) => string;
  incidentStatus: Record<IncidentStatus, string>;
  started: (time: string) => string;
  startedResolved: (started: string, resolved: string) => string;

  notAvailableTitle: string;
  notAvailable: string;

  /** The owner's header links, as named to screen readers. */
  headerLinks: string;
  /** The compact view's link to the full page, and the password form's button. */
  viewStatusPage: string;
  /** The widget's tooltip: the page's name and its state. */
  widgetTitle: (page: string, state: string) => string;

  /** A private page's password form and the note on a members-only page. */
  passwordIntro: string;
  passwordLabel: string;
  wrongPassword: string;
  tooManyAttempts: string;
  membersIntro: string;
  signIn: string;
  notAMember: string;
  twoFactorRequired: string;

  feedResolved: (incident: string) => string;
  feedUpdate: (incident: string, status: string) => string;
  feedStarted: (time: string) => string;
  feedStartedResolved: (started: string, resolved: string) => string;

  badgeStatus: string;
  badgeUptime: (period: string) => string;
  badgeNoData: string;
  badgeStates: Record<MonitorStatus, string>;
}
