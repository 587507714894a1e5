// The one table of every word a visitor reads on a public status page, its feed, its badges, its
// widget, its compact view and its password form:
// this shape, one file per language. A language missing a key (or carrying one too many) fails
// type-checking; i18n.test.ts checks the same at run time. Messages are plain text: the renderers
// escape them. A function receives values already formatted for its locale (numbers, dates,
// names), and a count beside its formatted text where the words depend on it.
import type { MaintenanceState } from '../../../core/api/maintenance.ts';
import type { StatusPageState } from '../../../core/api/status-pages.ts';
import type { IncidentStatus } from '../../db/incident-schema.ts';
import type { MonitorStatus } from '../../db/schema.ts';

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
