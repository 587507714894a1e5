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
  skipToContent: 'Zum Inhalt springen',
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
  subscription: {
    optionsTitle: (page) => `Updates von ${page} erhalten`,
    webhookLabel: 'Oder eine Webhook-URL (erhält pro Ereignis einen signierten JSON-POST)',
    monitorsLegend: 'Nur diese Monitore',
    monitorsHint: 'Lassen Sie alle leer, um über jeden Monitor dieser Seite informiert zu werden.',
    back: 'Zurück zur Statusseite',
    sentTitle: 'Bitte prüfen Sie Ihr Postfach',
    sentEmail: (address) =>
      `Wir haben einen Bestätigungslink an ${address} gesendet. Bis Sie ihm folgen, senden wir nichts weiter; der Link ist sieben Tage gültig.`,
    webhookSentTitle: 'Bestätigen Sie Ihren Webhook',
    webhookSent: (address) =>
      `Wir haben ein signiertes subscription.confirm-Ereignis an ${address} gesendet. Öffnen Sie dessen confirmUrl, um Ereignisse zu erhalten; der Link ist sieben Tage gültig.`,
    webhookSecret:
      'Prüfen Sie die X-Upwatch-Signature jedes Ereignisses (HMAC-SHA256 aus Zeitstempel, einem Punkt und dem Body) mit diesem Schlüssel. Er wird nur einmal angezeigt:',
    confirmedTitle: 'Abonnement bestätigt',
    confirmed: (page) =>
      `Sie erhalten ab jetzt Updates zu ${page}. Jede Nachricht enthält einen Link zum Abbestellen.`,
    unsubscribeTitle: (page) => `Updates von ${page} abbestellen?`,
    unsubscribe: (page) => `Sie erhalten dann keine Updates zu ${page} mehr.`,
    unsubscribeButton: 'Abbestellen',
    unsubscribedTitle: 'Updates abbestellt',
    unsubscribed: (page) => `Sie erhalten keine Updates zu ${page} mehr.`,
    invalidLinkTitle: 'Ungültiger Link',
    invalidLink: 'Dieser Link ist ungültig: Er wurde verändert oder gekürzt. Es wurde nichts geändert.',
    expiredTitle: 'Dieser Link ist abgelaufen',
    expired: 'Bestätigungslinks sind sieben Tage gültig. Abonnieren Sie erneut auf der Statusseite.',
    notAcceptedTitle: 'Abonnement nicht angenommen',
    notAccepted: {
      missingAddress: 'Geben Sie eine E-Mail-Adresse oder eine Webhook-URL ein.',
      bothAddresses: 'Geben Sie eine E-Mail-Adresse oder eine Webhook-URL ein, nicht beides.',
      invalidEmail: 'Geben Sie eine gültige E-Mail-Adresse ein, etwa you@example.com.',
      invalidWebhook: 'Geben Sie eine Webhook-URL ein, die mit https:// oder http:// beginnt.',
      privateWebhook:
        'Diese Webhook-URL verweist auf eine private oder lokale Netzwerkadresse, an die Upwatch nicht sendet.',
      unknownMonitor: 'Wählen Sie nur Monitore, die auf dieser Statusseite angezeigt werden.',
    },
    limitTitle: 'Keine weiteren Abonnenten möglich',
    limit: (limit) =>
      `Diese Statusseite hat ihr Limit von ${limit} Abonnenten erreicht. Ihr Betreiber kann es mit einem größeren Tarif erhöhen.`,
    rateTitle: 'Zu viele Anmeldungen',
    rate: (count, text) =>
      `Zu viele Anmeldungen von Ihrer Adresse oder für diese Seite. Versuchen Sie es in ${minutes(count, text)} erneut.`,
  },
  subscriberMail: {
    confirmSubject: (page) => `Bestätigen Sie Ihr Abonnement für ${page}`,
    confirmIntro: (page) =>
      `Jemand, hoffentlich Sie, hat für diese Adresse Updates zu ${page} angefordert. Bestätigen Sie, um sie zu erhalten. Falls Sie das nicht waren, ignorieren Sie diese E-Mail: Wir senden nichts weiter.`,
    confirmButton: 'Abonnement bestätigen',
    headings: {
      'incident.opened': (title) => `Vorfall: ${title}`,
      'incident.updated': (title) => `Update: ${title}`,
      'incident.resolved': (title) => `Behoben: ${title}`,
      'maintenance.scheduled': (title) => `Geplante Wartung: ${title}`,
      'maintenance.started': (title) => `Wartung begonnen: ${title}`,
    },
    monitorDown: (monitor) => `${monitor} ist ausgefallen`,
    subject: (page, heading) => `[${page}] ${heading}`,
    status: 'Status',
    started: 'Begonnen',
    resolved: 'Behoben',
    from: 'Von',
    until: 'Bis',
    affects: 'Betrifft',
    viewPage: 'Statusseite ansehen',
    unsubscribe: (page) => `Updates von ${page} abbestellen`,
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
    stale: 'Keine aktuellen Prüfungen',
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
    stale: 'veraltet',
  },
};
