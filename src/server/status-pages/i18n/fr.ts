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
  skipToContent: 'Aller au contenu',
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
  subscription: {
    optionsTitle: (page) => `Recevoir les mises à jour de ${page}`,
    webhookLabel: 'Ou une URL de webhook (un POST JSON signé par événement)',
    monitorsLegend: 'Seulement ces moniteurs',
    monitorsHint: 'Ne cochez rien pour être informé de tous les moniteurs de cette page.',
    back: 'Retour à la page de statut',
    sentTitle: 'Consultez votre boîte de réception',
    sentEmail: (address) =>
      `Nous avons envoyé un lien de confirmation à ${address}. Rien d'autre n'est envoyé tant que vous ne l'avez pas suivi ; le lien est valable sept jours.`,
    webhookSentTitle: 'Confirmez votre webhook',
    webhookSent: (address) =>
      `Nous avons envoyé un événement subscription.confirm signé à ${address}. Ouvrez son confirmUrl pour commencer à recevoir les événements ; le lien est valable sept jours.`,
    webhookSecret:
      "Vérifiez le X-Upwatch-Signature de chaque événement (HMAC-SHA256 de l'horodatage, d'un point et du corps) avec ce secret. Il n'est affiché qu'une seule fois :",
    confirmedTitle: 'Abonnement confirmé',
    confirmed: (page) =>
      `Vous recevrez les mises à jour de ${page}. Chaque message contient un lien de désabonnement.`,
    unsubscribeTitle: (page) => `Se désabonner de ${page} ?`,
    unsubscribe: (page) => `Vous ne recevrez plus de mises à jour de ${page}.`,
    unsubscribeButton: 'Se désabonner',
    unsubscribedTitle: 'Vous êtes désabonné',
    unsubscribed: (page) => `Vous ne recevrez plus de mises à jour de ${page}.`,
    invalidLinkTitle: 'Lien non valide',
    invalidLink: "Ce lien n'est pas valide : il a été modifié ou tronqué. Rien n'a été changé.",
    expiredTitle: 'Ce lien a expiré',
    expired:
      'Les liens de confirmation sont valables sept jours. Abonnez-vous à nouveau sur la page de statut.',
    notAcceptedTitle: 'Abonnement non accepté',
    notAccepted: {
      missingAddress: 'Saisissez une adresse e-mail ou une URL de webhook.',
      bothAddresses: 'Saisissez une adresse e-mail ou une URL de webhook, pas les deux.',
      invalidEmail: 'Saisissez une adresse e-mail valide, par exemple you@example.com.',
      invalidWebhook: 'Saisissez une URL de webhook commençant par https:// ou http://.',
      privateWebhook:
        "Cette URL de webhook pointe vers une adresse de réseau privé ou local, où Upwatch n'envoie rien.",
      unknownMonitor: 'Choisissez uniquement des moniteurs affichés sur cette page de statut.',
    },
    limitTitle: 'Cette page est complète',
    limit: (limit) =>
      `Cette page de statut a atteint sa limite de ${limit} abonnés. Son propriétaire peut la relever en passant à une offre supérieure.`,
    rateTitle: "Trop d'inscriptions",
    rate: (count, text) =>
      `Trop d'inscriptions depuis votre adresse ou pour cette page. Réessayez dans ${text} ${many(count, 'minute', 'minutes')}.`,
  },
  subscriberMail: {
    confirmSubject: (page) => `Confirmez votre abonnement à ${page}`,
    confirmIntro: (page) =>
      `Quelqu'un, vous sans doute, a demandé les mises à jour de ${page} à cette adresse. Confirmez pour commencer à les recevoir. Si ce n'était pas vous, ignorez cet e-mail : rien d'autre ne sera envoyé.`,
    confirmButton: "Confirmer l'abonnement",
    headings: {
      'incident.opened': (title) => `Incident : ${title}`,
      'incident.updated': (title) => `Mise à jour : ${title}`,
      'incident.resolved': (title) => `Résolu : ${title}`,
      'maintenance.scheduled': (title) => `Maintenance planifiée : ${title}`,
      'maintenance.started': (title) => `Début de la maintenance : ${title}`,
    },
    monitorDown: (monitor) => `${monitor} est en panne`,
    subject: (page, heading) => `[${page}] ${heading}`,
    status: 'État',
    started: 'Début',
    resolved: 'Résolu',
    from: 'Début',
    until: 'Fin',
    affects: 'Concerne',
    viewPage: 'Voir la page de statut',
    unsubscribe: (page) => `Se désabonner de ${page}`,
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
    stale: 'Aucune vérification récente',
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
    stale: 'périmé',
  },
};
