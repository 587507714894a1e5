import type { StatusPageMessages } from './messages.ts';

const minutes = (count: number, text: string) => `${text} ${count === 1 ? 'Minute' : 'Minuten'}`;

export const de: StatusPageMessages = {
  documentTitle: (page) => `${page} – Status`,
  feedTitle: (page) => `${page} – Vorfälle`,
  logoAlt: (page) => `Logo von ${page}`,
  states: {
    operational: 'Alle Systeme betriebsbereit',
    under_maintenance: 'Wartungsarbeiten',
    degraded: 'Eingeschränkte Leistung',
    partial_outage: 'Teilweiser Ausfall',
    major_outage: 'Schwerer Ausfall',
  },
  sectionStates: {
    operational: 'Betriebsbereit',
    under_maintenance: 'Wartungsarbeiten',
    degraded: 'Eingeschränkte Leistung',
    partial_outage: 'Teilweiser Ausfall',
    major_outage: 'Schwerer Ausfall',
  },
  updatedAt: (time) => `Aktualisiert ${time}`,
  activeIncidents: 'Aktuelle Vorfälle',
  maintenance: 'Geplante Wartungsarbeiten',
  monitors: 'Dienste',
  pastIncidents: 'Vergangene Vorfälle',
  noPastIncidents: 'Keine Vorfälle in den letzten 14 Tagen.',
  poweredBy: 'Bereitgestellt von',
  atomFeed: 'Atom-Feed',
  subscribe: {
    heading: 'Updates erhalten',
    intro:
      'Erhalten Sie eine E-Mail, wenn ein Vorfall beginnt, aktualisiert oder behoben wird und wenn eine Wartung geplant ist oder beginnt.',
    emailLabel: 'E-Mail-Adresse',
    button: 'Abonnieren',
    webhookSummary: 'Oder einen Webhook verwenden',
    webhookLabel: 'Webhook-URL (erhält pro Ereignis einen signierten JSON-POST)',
    monitorsLink: 'Nur bestimmte Monitore? Hier auswählen.',
  },

  barsLegend:
    'Jeder Balken ist ein Tag (UTC), von vor 90 Tagen bis heute, mit seiner Verfügbarkeit, dazu Ausfallminuten und Vorfälle, falls es welche gab. Ein Datum allein bedeutet 100 % Verfügbarkeit: kein Ausfall und keine Vorfälle.',
  dayLabel: (date, details) => `${date}: ${details}`,
  noData: 'keine Daten',
  minutesDown: (count, text) => `${minutes(count, text)} Ausfall`,
  incidentCount: (count, text) => `${text} ${count === 1 ? 'Vorfall' : 'Vorfälle'}`,
  maintenanceLeftOut: (count, text) => `${minutes(count, text)} Wartung nicht gezählt`,
  dailyUptimeOf: (monitor) => `Tägliche Verfügbarkeit von ${monitor}, letzte 90 Tage`,
  ninetyDaysAgo: 'Vor 90 Tagen',
  today: 'Heute',
  uptime: (percent) => `${percent} Verfügbarkeit`,
  uptimeNoData: 'Keine Daten',
  responseTimes: (average, highest) =>
    `Antwortzeit, letzte 24 Stunden: durchschnittlich ${average} ms, höchstens ${highest} ms`,
  monitorStatus: {
    up: 'Betriebsbereit',
    degraded: 'Eingeschränkte Leistung',
    down: 'Ausgefallen',
    paused: 'Pausiert',
    pending: 'Noch keine Daten',
  },
  underMaintenance: 'In Wartung',

  maintenanceStates: { upcoming: 'Geplant', in_progress: 'Läuft', completed: 'Abgeschlossen' },
  affects: (monitors) => `Betrifft ${monitors}`,
  incidentStatus: {
    investigating: 'Wird untersucht',
    identified: 'Ursache gefunden',
    monitoring: 'Wird beobachtet',
    resolved: 'Behoben',
  },
  started: (time) => `Begonnen ${time}`,
  startedResolved: (started, resolved) => `Begonnen ${started} · behoben ${resolved}`,

  notAvailableTitle: 'Seite nicht verfügbar',
  notAvailable:
    'Seite nicht verfügbar: Diese Statusseite ist nicht verfügbar oder wurde möglicherweise verschoben.',

  headerLinks: 'Links',
  viewStatusPage: 'Statusseite ansehen',
  widgetTitle: (page, state) => `${page}: ${state}`,

  passwordIntro: 'Diese Statusseite ist geschützt. Geben Sie ihr Passwort ein, um sie zu sehen.',
  passwordLabel: 'Passwort',
  wrongPassword: 'Dieses Passwort ist nicht richtig. Versuchen Sie es erneut.',
  tooManyAttempts:
    'Zu viele Versuche von Ihrer Adresse. Warten Sie einige Minuten und versuchen Sie es dann erneut.',
  membersIntro: 'Diese Statusseite ist nur für Mitglieder ihres Arbeitsbereichs.',
  signIn: 'Bei Upwatch anmelden',
  notAMember: 'Ihr Konto ist kein Mitglied des Arbeitsbereichs, zu dem diese Statusseite gehört.',
  twoFactorRequired:
    'Der Arbeitsbereich dieser Seite verlangt die Zwei-Faktor-Anmeldung: Aktivieren Sie sie in Upwatch, um die Seite zu sehen.',

  feedResolved: (incident) => `Behoben: ${incident}`,
  feedUpdate: (incident, status) => `${incident}: ${status}`,
  feedStarted: (time) => `Begonnen ${time}.`,
  feedStartedResolved: (started, resolved) => `Begonnen ${started}, behoben ${resolved}.`,

  badgeStatus: 'Status',
  badgeUptime: (period) => `Verfügbarkeit ${period}`,
  badgeNoData: 'keine Daten',
  badgeStates: {
    up: 'verfügbar',
    degraded: 'eingeschränkt',
    down: 'ausgefallen',
    paused: 'pausiert',
    pending: 'ausstehend',
  },
};
