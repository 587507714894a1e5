import type { StatusPageMessages } from './messages.ts';

/** French counts 0 and 1 in the singular. */
const many = (count: number, one: string, other: string) => (count < 2 ? one : other);

export const fr: StatusPageMessages = {
  documentTitle: (page) => `État de ${page}`,
  feedTitle: (page) => `Incidents de ${page}`,
  logoAlt: (page) => `Logo de ${page}`,
  states: {
    operational: 'Tous les systèmes sont opérationnels',
    under_maintenance: 'Maintenance en cours',
    degraded: 'Performances dégradées',
    partial_outage: 'Panne partielle',
    major_outage: 'Panne majeure',
  },
  sectionStates: {
    operational: 'Opérationnel',
    under_maintenance: 'En maintenance',
    degraded: 'Performances dégradées',
    partial_outage: 'Panne partielle',
    major_outage: 'Panne majeure',
  },
  updatedAt: (time) => `Mis à jour le ${time}`,
  activeIncidents: 'Incidents en cours',
  maintenance: 'Maintenance planifiée',
  monitors: 'Services',
  pastIncidents: 'Incidents passés',
  noPastIncidents: 'Aucun incident ces 14 derniers jours.',
  poweredBy: 'Propulsé par',
  atomFeed: 'Flux Atom',
  subscribe: {
    heading: 'Recevoir les mises à jour',
    intro:
      'Un e-mail quand un incident commence, évolue ou est résolu, et quand une maintenance est prévue ou commence.',
    emailLabel: 'Adresse e-mail',
    button: "S'abonner",
    webhookSummary: 'Ou un webhook',
    webhookLabel: 'URL du webhook (un POST JSON signé par événement)',
    monitorsLink: 'Certains moniteurs seulement ? Choisissez-les ici.',
  },

  barsLegend:
    "Chaque barre est un jour (UTC), d'il y a 90 jours à aujourd'hui, avec sa disponibilité, puis les minutes de panne et les incidents s'il y en a eu. Une date seule signifie 100 % de disponibilité : aucune panne et aucun incident.",
  dayLabel: (date, details) => `${date} : ${details}`,
  noData: 'aucune donnée',
  minutesDown: (count, text) => `${text} ${many(count, 'minute', 'minutes')} de panne`,
  incidentCount: (count, text) => `${text} ${many(count, 'incident', 'incidents')}`,
  maintenanceLeftOut: (count, text) =>
    `${text} ${many(count, 'minute', 'minutes')} de maintenance non comptée${count < 2 ? '' : 's'}`,
  dailyUptimeOf: (monitor) => `Disponibilité quotidienne de ${monitor}, 90 derniers jours`,
  ninetyDaysAgo: 'Il y a 90 jours',
  today: "Aujourd'hui",
  uptime: (percent) => `${percent} de disponibilité`,
  uptimeNoData: 'Aucune donnée',
  responseTimes: (average, highest) =>
    `Temps de réponse, dernières 24 heures : moyenne ${average} ms, maximum ${highest} ms`,
  monitorStatus: {
    up: 'Opérationnel',
    degraded: 'Performances dégradées',
    down: 'Hors service',
    paused: 'En pause',
    pending: 'Pas encore de données',
  },
  underMaintenance: 'En maintenance',

  maintenanceStates: { upcoming: 'Planifiée', in_progress: 'En cours', completed: 'Terminée' },
  affects: (monitors) => `Concerne ${monitors}`,
  incidentStatus: {
    investigating: 'Analyse en cours',
    identified: 'Cause identifiée',
    monitoring: 'Sous surveillance',
    resolved: 'Résolu',
  },
  started: (time) => `Début le ${time}`,
  startedResolved: (started, resolved) => `Début le ${started} · résolu le ${resolved}`,

  notAvailableTitle: 'Page non disponible',
  notAvailable: "Page non disponible : cette page d'état n'est pas disponible ou a peut-être été déplacée.",

  headerLinks: 'Liens',
  viewStatusPage: "Voir la page d'état",
  widgetTitle: (page, state) => `${page} : ${state}`,

  passwordIntro: "Cette page d'état est protégée. Saisissez son mot de passe pour la consulter.",
  passwordLabel: 'Mot de passe',
  wrongPassword: "Ce mot de passe n'est pas le bon. Réessayez.",
  tooManyAttempts: 'Trop de tentatives depuis votre adresse. Patientez quelques minutes, puis réessayez.',
  membersIntro: "Cette page d'état est réservée aux membres de son espace de travail.",
  signIn: 'Se connecter à Upwatch',
  notAMember: "Votre compte n'est pas membre de l'espace de travail auquel appartient cette page d'état.",
  twoFactorRequired:
    'Son espace de travail exige la connexion à deux facteurs : activez-la dans Upwatch pour voir cette page.',

  feedResolved: (incident) => `Résolu : ${incident}`,
  feedUpdate: (incident, status) => `${incident} : ${status}`,
  feedStarted: (time) => `Début le ${time}.`,
  feedStartedResolved: (started, resolved) => `Début le ${started}, résolu le ${resolved}.`,

  badgeStatus: 'état',
  badgeUptime: (period) => `disponibilité ${period}`,
  badgeNoData: 'aucune donnée',
  badgeStates: {
    up: 'en ligne',
    degraded: 'dégradé',
    down: 'hors service',
    paused: 'en pause',
    pending: 'en attente',
  },
};
